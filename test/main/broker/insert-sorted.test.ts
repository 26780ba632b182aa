import { describe, expect, it } from 'vitest';
import { insertSorted } from '../../../main/broker/insert-sorted';

const byValue = (a: { v: number }, b: { v: number }) => a.v - b.v;

describe('insertSorted', () => {
  it('keeps the list ascending: into an empty list, at the front, the middle and the end', () => {
    const list: { v: number }[] = [];
    for (const v of [5, 1, 9, 3]) insertSorted(list, { v }, byValue);
    expect(list.map((x) => x.v)).toEqual([1, 3, 5, 9]);
  });

  it('puts an item after those it compares equal to (arrival order among ties)', () => {
    const list = [
      { v: 1, n: 'a' },
      { v: 2, n: 'b' },
      { v: 3, n: 'c' },
    ];
    insertSorted(list, { v: 2, n: 'later' }, byValue);
    expect(list.map((x) => x.n)).toEqual(['a', 'b', 'later', 'c']);
  });
});
