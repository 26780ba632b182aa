import type { UnreadableItem } from '@contract/unreadable';
import type { HitlRequest } from '@contract/request';
import { HttpInboxClient } from '../../../renderer/src/client/http-inbox-client';
import { FakeStream } from './fake-event-source';

/** A pending text request with this id (and key), created at 1. */
export function pendingRequest(id: string, over: Partial<HitlRequest> = {}): HitlRequest {
  return {
    id,
    source: 'clarity-http',
    key: id,
    prompt: 'q',
    input: { kind: 'text' },
    createdAt: 1,
    status: 'pending',
    ...over,
  };
}

/** A fetch answering `"METHOD url"` from `responses` (default 200 `{}`), recording every call. */
export function fakeFetch(responses: Record<string, { status: number; body: unknown }> = {}) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const r = responses[`${init?.method ?? 'GET'} ${url}`] ?? { status: 200, body: {} };
    return new Response(JSON.stringify(r.body), {
      status: r.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

/** A "could not read" item for file `id` in /dir. */
export function unreadableItem(id: string): UnreadableItem {
  return {
    id,
    source: 'clarity-file',
    origin: `/dir/${id}`,
    reason: `${id} is not valid JSON`,
    at: 1,
    lastAt: 1,
    count: 1,
  };
}

/** An HttpInboxClient of http://broker/ on `fetchImpl`; the streams it opens are FakeStreams, in order. */
export function clientOnFakeStreams(
  fetchImpl: typeof fetch,
  options: { retryDelayMs?: number } = {},
) {
  const streams: FakeStream[] = [];
  const client = new HttpInboxClient({
    baseUrl: 'http://broker/',
    fetch: fetchImpl,
    eventSource: (url) => {
      const stream = new FakeStream(url);
      streams.push(stream);
      return stream;
    },
    ...options,
  });
  return { client, streams };
}
