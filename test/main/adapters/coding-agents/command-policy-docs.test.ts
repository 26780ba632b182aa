import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EXECUTING_OPTIONS,
  NO_PREFIX_PROGRAMS,
  NO_PREFIX_SUBCOMMANDS,
} from '../../../../main/adapters/coding-agents/command-policy';

const DOC = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/security.md'), 'utf8');
const SECTION = DOC.slice(DOC.indexOf('## What an always rule covers'));

describe('the one list of programs a prefix never stops at is documented', () => {
  it('docs/security.md "What an always rule covers" names every program, subcommand and option', () => {
    expect(SECTION.length).toBeGreaterThan(1000);
    const names = [
      ...NO_PREFIX_PROGRAMS.flatMap((g) => g.programs),
      ...NO_PREFIX_SUBCOMMANDS,
      ...EXECUTING_OPTIONS.any,
    ];
    const missing = names.filter((name) => !SECTION.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
