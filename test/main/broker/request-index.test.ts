import { describe, expect, it } from 'vitest';
import type { HitlRequest, Source } from '@contract/request';
import { RequestIndex } from '../../../main/broker/request-index';

function request(
  id: string,
  key: string,
  source: Source,
  status: HitlRequest['status'],
): HitlRequest {
  return {
    id,
    key,
    source,
    status,
    prompt: 'q',
    createdAt: 1,
    input: { kind: 'text' },
  } as HitlRequest;
}

describe('RequestIndex.findByKey', () => {
  it('gives the oldest pending request with the key, else the newest resolved one', () => {
    const index = new RequestIndex(10);
    index.remember(request('r1', 'k', 'clarity-http', 'answered'));
    index.remember(request('r2', 'k', 'cueme', 'cancelled'));
    index.remember(request('other', 'x', 'clarity-http', 'answered'));
    expect(index.findByKey('k')?.id).toBe('r2');
    expect(index.findByKey('k', ['clarity-http'])?.id).toBe('r1');
    index.setPending(request('p1', 'k', 'cueme', 'pending'));
    index.setPending(request('p2', 'k', 'clarity-http', 'pending'));
    expect(index.findByKey('k')?.id).toBe('p1');
    expect(index.findByKey('k', ['clarity-http'])?.id).toBe('p2');
    index.removePending(request('p1', 'k', 'cueme', 'pending'));
    expect(index.findByKey('k')?.id).toBe('p2');
    expect(index.findByKey('nope')).toBeUndefined();
  });

  it('forgets a key once its last resolved request is forgotten', () => {
    const index = new RequestIndex(2);
    index.remember(request('a', 'old', 'clarity-http', 'answered'));
    index.remember(request('b', 'mid', 'clarity-http', 'answered'));
    expect(index.findByKey('old')?.id).toBe('a');
    index.remember(request('c', 'new', 'clarity-http', 'answered'));
    expect(index.findByKey('old')).toBeUndefined();
    expect(index.findByKey('mid')?.id).toBe('b');
    expect(index.findByKey('new')?.id).toBe('c');
  });

  it('a request remembered again keeps its place among the resolved ones with its key', () => {
    const index = new RequestIndex(10);
    index.remember(request('a', 'k', 'clarity-http', 'answered'));
    index.remember(request('b', 'k', 'clarity-http', 'answered'));
    index.remember({ ...request('a', 'k', 'clarity-http', 'answered'), answer: { text: 'again' } });
    expect(index.findByKey('k')?.id).toBe('b');
  });
});

describe('RequestIndex.pendingFor', () => {
  it('looks a pending request up by source and key: the same key under another source is another request', () => {
    const index = new RequestIndex(10);
    const file = request('f', 'k', 'clarity-file', 'pending');
    const http = request('h', 'k', 'clarity-http', 'pending');
    index.setPending(file);
    index.setPending(http);
    expect(index.pendingFor('clarity-file', 'k')).toBe(file);
    expect(index.pendingFor('clarity-http', 'k')).toBe(http);
    expect(index.pendingFor('mcp', 'k')).toBeUndefined();
    index.removePending(file);
    expect(index.pendingFor('clarity-file', 'k')).toBeUndefined();
    expect(index.pendingFor('clarity-http', 'k')).toBe(http);
    expect(index.findByKey('k')).toBe(http);
  });
});
