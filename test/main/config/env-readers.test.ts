import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A direct read of one of the broker's variables: `process.env.CLARITY_HITL_X`, `env['HITL_X']`. */
const DIRECT_READ = /\benv(?:\?\.|\.|\[\s*['"`])(?:CLARITY_)?HITL_[A-Z_]+/g;

/** Every `file:line: read` of `source` that reads a broker variable without main/config. */
export function directReads(file: string, source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, i) => [...line.matchAll(DIRECT_READ)].map((m) => `${file}:${i + 1}: ${m[0]}`));
}

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('the broker settings are read by main/config only (issue 35)', () => {
  it('no main/ source outside main/config reads a CLARITY_HITL_* or HITL_* variable itself', () => {
    const files = sources('main').filter((file) => !file.startsWith('main/config/'));
    expect(files.length).toBeGreaterThan(100);
    const reads = files.flatMap((file) =>
      directReads(file, readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(reads).toEqual([]);
  });

  it('catches each way of reading one directly', () => {
    const source = [
      'const a = process.env.CLARITY_HITL_DIR;',
      "const b = env['HITL_TEST_HOOKS'];",
      'const c = options.env?.CLARITY_HITL_TOKEN;',
      "const ok = `set ${TOKEN.name}` + 'CLARITY_HITL_STORE';",
    ].join('\n');
    expect(directReads('x.ts', source)).toEqual([
      'x.ts:1: env.CLARITY_HITL_DIR',
      "x.ts:2: env['HITL_TEST_HOOKS",
      'x.ts:3: env?.CLARITY_HITL_TOKEN',
    ]);
  });
});
