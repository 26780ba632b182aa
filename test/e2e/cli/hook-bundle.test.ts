import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const HOOK = path.resolve(import.meta.dirname, '../../../out/main/hook.js');

/**
 * `clarity-hitl hook <agent>` runs on every tool call of a coding agent: its built entry must stay
 * one small file that loads nothing but Node built-ins (no zod, no undici/fetch, no https unless
 * asked for). The bench's "hook latency" figures time it; this keeps what it loads from growing.
 */
describe('the built hook entry (out/main/hook.js, after npm run build)', () => {
  const source = readFileSync(HOOK, 'utf8');

  // 20 kB until the hook verified its broker (hello, proofs, exact reply check: ~7 kB with their
  // comments, which the bundle keeps); the bench's spawn → decision stays ~35 ms over a bare spawn.
  it('is one file under 28 kB that imports only node: built-ins', () => {
    expect(Buffer.byteLength(source)).toBeLessThan(28_000);
    const imports = [
      ...source.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
    ].map((m) => m[1] ?? m[2]);
    expect(imports.length).toBeGreaterThan(0);
    for (const specifier of imports) expect(specifier).toMatch(/^node:/);
  });

  it('bundles no zod, uses no fetch, and loads node:https only on demand', () => {
    expect(source).not.toMatch(/\$ZodType|zod\/v4/);
    // The hook holds only the proof key, never the operator secret.
    expect(source).not.toMatch(/operator-secret|readOperatorSecret/);
    expect(source).not.toMatch(/\bfetch\(/);
    expect(source).not.toMatch(/^import[^\n]*["']node:https["']/m);
  });
});
