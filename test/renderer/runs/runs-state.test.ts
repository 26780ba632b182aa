import { describe, expect, it } from 'vitest';
import type { RunEntry, RunSummary } from '@contract/run-schemas';
import { mergeRunUpdate, RUN_ENTRY_LIMIT } from '../../../renderer/src/client/run-merge';
import { initialRunsState, runsReducer } from '../../../renderer/src/runs/runs-state';

const run = (id: string, over: Partial<RunSummary> = {}): RunSummary => ({
  id,
  command: ['a'],
  status: 'running',
  startedAt: 1,
  updatedAt: 1,
  hilIds: [],
  entryCount: 0,
  ...over,
});
const text = (n: number, t = `line ${n}`): RunEntry => ({ kind: 'text', text: t, n, at: n });
const token = (n: number, t: string): RunEntry => ({
  kind: 'event',
  event: { type: 'token', text: t },
  n,
  at: n,
});

describe('runsReducer', () => {
  it('lists newest first and keeps a live update newer than the list', () => {
    let s = runsReducer(initialRunsState, {
      type: 'updated',
      update: { run: run('b', { startedAt: 5, updatedAt: 9, status: 'succeeded' }), entries: [] },
    });
    s = runsReducer(s, {
      type: 'listed',
      runs: [run('b', { startedAt: 5, updatedAt: 6 }), run('a', { startedAt: 2 })],
    });
    expect(s.loaded).toBe(true);
    expect(s.runs.map((r) => [r.id, r.status])).toEqual([
      ['b', 'succeeded'],
      ['a', 'running'],
    ]);
    s = runsReducer(s, {
      type: 'updated',
      update: { run: run('c', { startedAt: 7 }), entries: [] },
    });
    expect(s.runs.map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });

  it('merges updates of the selected run, also those that came while its detail loaded', () => {
    let s = runsReducer(initialRunsState, { type: 'selected', id: 'a' });
    s = runsReducer(s, {
      type: 'updated',
      update: { run: run('a', { entryCount: 3, updatedAt: 3 }), entries: [text(2)] },
    });
    expect(s.detail).toBeUndefined();
    s = runsReducer(s, {
      type: 'detail_loaded',
      detail: { run: run('a', { entryCount: 2, updatedAt: 2 }), entries: [text(0), text(1)] },
    });
    expect(s.detail!.entries.map((e) => e.n)).toEqual([0, 1, 2]);
    expect(s.detail!.run.entryCount).toBe(3);
    s = runsReducer(s, {
      type: 'updated',
      update: { run: run('a', { entryCount: 4 }), entries: [text(3)] },
    });
    expect(s.detail!.entries.map((e) => e.n)).toEqual([0, 1, 2, 3]);
    // Another run's update does not touch the shown detail.
    const before = s.detail;
    s = runsReducer(s, { type: 'updated', update: { run: run('b'), entries: [text(0)] } });
    expect(s.detail).toBe(before);
  });

  it('a reload (after a reconnect) keeps the old entries shown and loses no update made meanwhile', () => {
    let s = runsReducer(initialRunsState, { type: 'selected', id: 'a' });
    s = runsReducer(s, {
      type: 'detail_loaded',
      detail: { run: run('a', { entryCount: 1 }), entries: [text(0)] },
    });
    s = runsReducer(s, { type: 'detail_loading', id: 'a' });
    expect(s.detail?.entries.map((e) => e.n)).toEqual([0]); // still shown while reloading
    // Said during the reload: shown at once, and still there when the older reload answers.
    s = runsReducer(s, {
      type: 'updated',
      update: { run: run('a', { entryCount: 4, updatedAt: 4 }), entries: [text(3)] },
    });
    expect(s.detail?.entries.map((e) => e.n)).toEqual([0, 3]);
    s = runsReducer(s, {
      type: 'detail_loaded',
      detail: {
        run: run('a', { entryCount: 3, updatedAt: 3 }),
        entries: [text(0), text(1), text(2)],
      },
    });
    expect(s.detail?.entries.map((e) => e.n)).toEqual([0, 1, 2, 3]);
    expect(s.detail?.run.entryCount).toBe(4);
    expect(s.reloading).toBe(false);
    // Once reloaded, updates are merged directly again (nothing kept to replay).
    s = runsReducer(s, {
      type: 'updated',
      update: { run: run('a', { entryCount: 5, updatedAt: 5 }), entries: [text(4)] },
    });
    expect(s.early).toEqual([]);
  });

  it('ignores a detail that arrives after another run was selected', () => {
    let s = runsReducer(initialRunsState, { type: 'selected', id: 'a' });
    s = runsReducer(s, { type: 'selected', id: 'b' });
    s = runsReducer(s, { type: 'detail_loaded', detail: { run: run('a'), entries: [] } });
    expect(s.detail).toBeUndefined();
  });
});

describe('mergeRunUpdate', () => {
  it('replaces a grown token entry by n and keeps order', () => {
    const kept = { run: run('a'), entries: [token(0, 'Hel'), text(1)] };
    const merged = mergeRunUpdate(kept, {
      run: run('a', { entryCount: 3 }),
      entries: [token(2, 'x'), token(2, 'xy')],
    });
    expect(merged.entries.map((e) => e.n)).toEqual([0, 1, 2]);
    const regrown = mergeRunUpdate(merged, { run: run('a'), entries: [token(0, 'Hello')] });
    expect(regrown.entries[0]).toEqual(token(0, 'Hello'));
    expect(regrown.entries.map((e) => e.n)).toEqual([0, 1, 2]);
  });

  it('keeps the newest RUN_ENTRY_LIMIT entries', () => {
    const entries = Array.from({ length: RUN_ENTRY_LIMIT + 5 }, (_, n) => text(n));
    const merged = mergeRunUpdate(undefined, { run: run('a'), entries });
    expect(merged.entries).toHaveLength(RUN_ENTRY_LIMIT);
    expect(merged.entries[0]!.n).toBe(5);
  });
});
