import { describe, expect, it } from 'vitest';
import {
  isRunId,
  parseRunFile,
  runFileLine,
  runIdOfFile,
} from '../../../../main/adapters/tool-server-lite/run-file-format';
import { startedSummary } from '../../../../main/adapters/tool-server-lite/run-summary';

const summary = (id: string) => startedSummary(id, { command: ['a'] }, 1);

describe('run file names', () => {
  it('takes run ids only, never a path', () => {
    expect(isRunId('run-3f2c9a1e-0b7d-4c55-9a57-2f1e0d4c8b21')).toBe(true);
    for (const bad of ['../run-1', 'run-1/..', 'run-a.b', 'run-', 'x-1', 'run-1\u0000', ''])
      expect(isRunId(bad)).toBe(false);
    expect(runIdOfFile('run-1.jsonl')).toBe('run-1');
    for (const foreign of ['run-1.jsonl.tmp', 'run-1.json', 'notes.jsonl', '.jsonl'])
      expect(runIdOfFile(foreign)).toBeUndefined();
  });
});

describe('parseRunFile', () => {
  it('replays lines: the last summary wins and a later copy of an entry replaces it', () => {
    const token = (text: string) => ({
      kind: 'event' as const,
      n: 0,
      at: 1,
      event: { type: 'token' as const, text },
    });
    const text =
      runFileLine({ run: summary('run-1'), entries: [token('Hel')] }) +
      runFileLine({
        run: { ...summary('run-1'), phase: 'late' },
        entries: [token('Hello'), { kind: 'text', text: 'x', n: 1, at: 2 }],
      });
    expect(parseRunFile('run-1', text)).toEqual({
      detail: {
        run: { ...summary('run-1'), phase: 'late' },
        entries: [token('Hello'), { kind: 'text', text: 'x', n: 1, at: 2 }],
      },
      skipped: 0,
      torn: false,
    });
  });

  it('skips invalid lines and lines of another run, and notices a torn end', () => {
    const good = runFileLine({ run: summary('run-1'), entries: [] });
    const other = runFileLine({ run: summary('run-2'), entries: [] });
    const invalid = JSON.stringify({ run: { ...summary('run-1'), status: 'odd' }, entries: [] });
    const parsed = parseRunFile('run-1', `${good}${other}${invalid}\n[]\n${good.slice(0, 20)}`);
    expect(parsed).toEqual({
      detail: { run: summary('run-1'), entries: [] },
      skipped: 4,
      torn: true,
    });
    expect(parseRunFile('run-1', 'garbage')).toEqual({ skipped: 1, torn: true });
  });
});
