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
});
