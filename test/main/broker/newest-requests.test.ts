import { describe, expect, it } from 'vitest';
import { newestRequests } from '../../../main/broker/newest-requests';
import { pendingRequest } from '../../support/pending-request';

const at = pendingRequest;

describe('newestRequests', () => {
  it('is the tail of a list in creation order', () => {
    const list = [at('a', 1), at('b', 2), at('c', 3)];
    expect(newestRequests(list, 2).map((r) => r.id)).toEqual(['b', 'c']);
    expect(newestRequests(list, 5)).toBe(list);
  });

  it('picks by creation time when arrival order differs, oldest first, ties by id', () => {
    const list = [at('late', 50), at('old', 1), at('t2', 40), at('t1', 40), at('mid', 20)];
    expect(newestRequests(list, 3).map((r) => r.id)).toEqual(['t1', 't2', 'late']);
  });
  it('gives what a full sort by creation time and id would, whatever the arrival order', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (const size of [10, 500, 3000]) {
      // Few distinct times: many ties, broken by id.
      const list = Array.from({ length: size }, (_, i) => at(`r${i}`, Math.floor(random() * 40)));
      list.sort(() => random() - 0.5);
      const sorted = [...list].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
      for (const limit of [0, 1, 7, 200].filter((l) => l < size)) {
        const expected = limit === 0 ? [] : sorted.slice(-limit);
        expect(newestRequests(list, limit).map((r) => r.id)).toEqual(expected.map((r) => r.id));
      }
    }
  });
});
