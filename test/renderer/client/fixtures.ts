import type { HitlRequest } from '@contract/request';

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
