import { describe, expect, it } from 'vitest';
import { UnreadableBoard } from '../../../main/broker/unreadable-board';
import type { UnreadableItem } from '@contract/unreadable';

const bad = (id: string, reason = 'is not valid JSON') => ({
  id,
  source: 'clarity-file',
  origin: `/dir/${id}`,
  reason,
});

describe('UnreadableBoard', () => {
  it('reports, counts repeats, clears, and tells listeners the whole list each time', () => {
    let now = 1000;
    const board = new UnreadableBoard(() => now);
    const heard: UnreadableItem[][] = [];
    board.subscribe((list) => heard.push(list.items));
    board.report({ ...bad('a'), field: 'key' });
    now = 2000;
    board.report({ ...bad('a'), field: 'key' });
    board.report(bad('b'));
    expect(board.list()).toEqual([
      { ...bad('a'), field: 'key', at: 1000, lastAt: 2000, count: 2 },
      { ...bad('b'), at: 2000, lastAt: 2000, count: 1 },
    ]);
    board.clear('a');
    board.clear('nothing');
    expect(board.list().map((i) => i.id)).toEqual(['b']);
    expect(heard.map((items) => items.map((i) => i.id))).toEqual([['a'], ['a'], ['a', 'b'], ['b']]);
  });

  it('a dismissed item stays away while the same problem comes again, and returns when it changes', () => {
    const board = new UnreadableBoard();
    board.report(bad('a'));
    expect(board.dismiss('a')).toBe(true);
    expect(board.dismiss('a')).toBe(false);
    board.report(bad('a'));
    expect(board.list()).toEqual([]);
    board.report(bad('a', 'has invalid fields: key: must not be empty'));
    expect(board.list().map((i) => i.reason)).toEqual([
      'has invalid fields: key: must not be empty',
    ]);
  });

  it('keeps at most `limit` items, dropping the oldest report first', () => {
    const board = new UnreadableBoard(Date.now, 3);
    for (const id of ['a', 'b', 'c', 'd']) board.report(bad(id));
    board.report(bad('b'));
    expect(board.list().map((i) => i.id)).toEqual(['c', 'd', 'b']);
  });
  it('numbers its lists: the revision counts changes within one run, each run has its own epoch', () => {
    const board = new UnreadableBoard(() => 1000);
    const start = board.snapshot();
    expect(start).toMatchObject({ items: [], revision: 0 });
    board.report(bad('a'));
    board.clear('nothing');
    expect(board.dismiss('nothing')).toBe(false);
    const reported = board.snapshot();
    expect(reported).toMatchObject({ epoch: start.epoch, revision: 1 });
    expect(reported.items.map((i) => i.id)).toEqual(['a']);
    board.dismiss('a');
    expect(board.snapshot()).toMatchObject({ items: [], epoch: start.epoch, revision: 2 });
    expect(new UnreadableBoard().snapshot().epoch).not.toBe(start.epoch);
  });
});
