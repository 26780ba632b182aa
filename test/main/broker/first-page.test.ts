import { describe, expect, it } from 'vitest';
import { firstPage } from '../../../main/broker/first-page';
import type { HitlRequest } from '@contract/request';
import { pendingRequest } from '../../support/pending-request';
import { compareInOrder, SORT_ORDERS } from '@contract/request-order';

const req = pendingRequest;

const ids = (list: HitlRequest[]) => list.map((r) => r.id);

describe('firstPage', () => {
  // Arrival order; 'late' arrived last but was created first (a file found on a rescan).
  const pending = [
    req('a', 100),
    req('b', 200, 9_000),
    req('c', 300),
    req('d', 400, 5_000),
    req('e', 500),
    req('late', 50),
  ];

  it('without an order: the newest N, oldest first, as before', () => {
    expect(ids(firstPage(pending, 2))).toEqual(['d', 'e']);
    expect(ids(firstPage(pending, 3))).toEqual(['c', 'd', 'e']);
  });

  it('newest / oldest: the top of the list in that order, in that order', () => {
    expect(ids(firstPage(pending, 3, 'newest'))).toEqual(['e', 'd', 'c']);
    expect(ids(firstPage(pending, 3, 'oldest'))).toEqual(['late', 'a', 'b']);
    expect(ids(firstPage(pending, 100, 'newest'))).toEqual(['e', 'd', 'c', 'b', 'a', 'late']);
    // The broker's own list is never reordered in place.
    expect(ids(pending)).toEqual(['a', 'b', 'c', 'd', 'e', 'late']);
  });

  it('urgent: soonest deadline first, then the oldest without one, in that order', () => {
    expect(ids(firstPage(pending, 1, 'urgent'))).toEqual(['d']);
    expect(ids(firstPage(pending, 2, 'urgent'))).toEqual(['d', 'b']);
    expect(ids(firstPage(pending, 4, 'urgent'))).toEqual(['d', 'b', 'late', 'a']);
    expect(ids(firstPage(pending, 100, 'urgent'))).toEqual(['d', 'b', 'late', 'a', 'c', 'e']);
  });

  it('urgent: the page is exactly the top of the whole list in the inbox order', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const many = Array.from({ length: 2_000 }, (_, i) =>
      req(
        `r${i}`,
        Math.floor(rand() * 1_000),
        rand() < 0.1 ? Math.floor(rand() * 5_000) : undefined,
      ),
    );
    for (const order of SORT_ORDERS) {
      const sorted = ids([...many].sort((a, b) => compareInOrder(a, b, order)));
      for (const limit of [0, 1, 50, 199, 200, 201, 1_999, 2_000, 2_500])
        expect(ids(firstPage(many, limit, order)), `${order} ${limit}`).toEqual(
          sorted.slice(0, limit),
        );
    }
    // Created in arrival order (the usual case, no sort of the plain ones): still the same top.
    const inOrder = Array.from({ length: 500 }, (_, i) =>
      req(`s${i}`, i, i % 7 === 0 ? 10_000 - i : undefined),
    );
    expect(ids(firstPage(inOrder, 120, 'urgent'))).toEqual(
      ids([...inOrder].sort((a, b) => compareInOrder(a, b, 'urgent'))).slice(0, 120),
    );
  });
});
