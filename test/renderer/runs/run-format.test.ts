import { describe, expect, it } from 'vitest';
import type { RunEntry, RunSummary } from '@contract/run-schemas';
import {
  formatDuration,
  runDuration,
  runTitle,
  timelineItems,
} from '../../../renderer/src/runs/run-format';

const run = (over: Partial<RunSummary> = {}): RunSummary => ({
  id: 'r',
  command: ['python', 'agent.py'],
  status: 'running',
  startedAt: 1_000,
  updatedAt: 1_000,
  hilIds: [],
  entryCount: 0,
  ...over,
});

describe('run formatting', () => {
  it('names a run by agent and task, else by its command', () => {
    expect(runTitle(run({ agent: 'writer', task: 'draft' }))).toBe('writer · draft');
    expect(runTitle(run({ task: 'draft' }))).toBe('draft');
    expect(runTitle(run())).toBe('python agent.py');
  });

  it('formats durations and measures a running run up to now', () => {
    expect(formatDuration(8_400)).toBe('8s');
    expect(formatDuration(185_000)).toBe('3m 05s');
    expect(formatDuration(7_440_000)).toBe('2h 04m');
    expect(runDuration(run(), 61_000)).toBe(60_000);
    expect(runDuration(run({ durationMs: 5_000 }), 99_000)).toBe(5_000);
  });

  it('groups consecutive tokens into one stream and plain lines into one log', () => {
    const entries: RunEntry[] = [
      { kind: 'event', event: { type: 'token', text: 'Hel' }, n: 0, at: 0 },
      { kind: 'event', event: { type: 'token', text: 'lo' }, n: 1, at: 0 },
      { kind: 'text', text: 'a', n: 2, at: 0 },
      { kind: 'text', text: 'b', n: 3, at: 0 },
      { kind: 'event', event: { type: 'notice', text: 'n' }, n: 4, at: 0 },
      { kind: 'event', event: { type: 'token', text: '!' }, n: 5, at: 0 },
    ];
    expect(timelineItems(entries)).toEqual([
      { kind: 'stream', key: 0, text: 'Hello' },
      { kind: 'log', key: 2, lines: ['a', 'b'] },
      { kind: 'event', key: 4, at: 0, event: { type: 'notice', text: 'n' } },
      { kind: 'stream', key: 5, text: '!' },
    ]);
  });
});
