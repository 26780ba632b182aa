import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter(
  (f) => f.endsWith('.md'),
);
/** Top-level folders of this repository a doc may name a path in. */
const TOP = [
  'main',
  'renderer',
  'preload',
  'contract',
  'test',
  'docs',
  'bench',
  'scripts',
  'build',
  'bin',
  '.ci',
];
const PATH = new RegExp(
  `(?<![\\w./-])(?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/[\\w@./-]*[\\w/]`,
  'g',
);

/** Every repository path `doc` names (links and code spans alike), as written. */
export function pathsIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PATH)) {
    const raw = match[0].replace(/[.]+$/, '');
    // A pattern, a placeholder or a URL path is not a file of this repository.
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 1);
    if (/[*<{]/.test(after) || raw.includes('...')) continue;
    found.add(raw);
  }
  return [...found];
}

/**
 * Whether `p` exists in a fresh clone: a file git tracks or a folder holding one. Falls back to the
 * working tree when this is not a git checkout (an unpacked tarball).
 */
function existsInClone(p: string): boolean {
  try {
    const out = execFileSync('git', ['ls-files', '--', p], { cwd: ROOT, encoding: 'utf8' });
    return out.trim() !== '';
  } catch {
    return existsSync(path.join(ROOT, p));
  }
}

describe('the docs name only paths that exist', () => {
  it.each(DOCS)('%s', (doc) => {
    const text = readFileSync(path.join(ROOT, doc), 'utf8');
    const missing = pathsIn(text).filter((p) => !existsInClone(p));
    expect(missing).toEqual([]);
  });

  it('finds the paths it is meant to find, and not patterns or placeholders', () => {
    expect(
      pathsIn('see `main/http/server.ts`, [x](docs/security.md#token), test/e2e/web/ and src/**'),
    ).toEqual(['main/http/server.ts', 'docs/security.md', 'test/e2e/web/']);
    expect(pathsIn('`test/**/*.test.ts`, `main/<x>.ts`, http://host/main/x')).toEqual([]);
  });
});
