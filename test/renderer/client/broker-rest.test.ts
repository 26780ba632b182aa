import { describe, expect, it } from 'vitest';
import { BrokerRest } from '../../../renderer/src/client/broker-rest';
import { InboxClientError } from '../../../renderer/src/client/inbox-client';
import { fakeFetch, pendingRequest } from './fixtures';

const req = (id: string) => pendingRequest(id);

/** A BrokerRest whose fetch answers from `responses` and records every call. */
function rest(responses: Parameters<typeof fakeFetch>[0] = {}) {
  const { fetchImpl, calls } = fakeFetch(responses);
  return { client: new BrokerRest('http://broker/', fetchImpl), calls };
}

describe('BrokerRest', () => {
  it('calls the rich routes of docs/http-api.md with JSON bodies', async () => {
    const { client, calls } = rest({
      'POST http://broker/api/requests/a%2Fb/answer': {
        status: 200,
        body: { request: req('a/b') },
      },
      'GET http://broker/api/history?q=ship+it&limit=5': {
        status: 200,
        body: { requests: [req('h')] },
      },
      'GET http://broker/api/requests/x/files': { status: 200, body: { files: ['a.csv'] } },
      'GET http://broker/api/agents/ag/messages': { status: 200, body: { messages: [] } },
      'POST http://broker/api/requests/x/cancel': { status: 200, body: { request: req('x') } },
    });
    expect((await client.answer('a/b', { text: 'yes' })).id).toBe('a/b');
    expect(calls[0]!.init?.body).toBe('{"text":"yes"}');
    expect(await client.history({ q: 'ship it', limit: 5 })).toHaveLength(1);
    expect(await client.listFiles('x')).toEqual(['a.csv']);
    expect(await client.agentMessages('ag')).toEqual([]);
    await client.cancel('x', 'not needed');
    expect(calls.at(-1)!.init?.body).toBe('{"reason":"not needed"}');
  });

  it('turns broker errors into InboxClientError with code and status', async () => {
    const { client } = rest({
      'POST http://broker/api/requests/a/answer': {
        status: 409,
        body: { error: 'already_resolved', message: 'request a is already answered' },
      },
    });
    const error = await client.answer('a', { text: 'late' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxClientError);
    expect(error).toMatchObject({
      status: 409,
      code: 'already_resolved',
      message: 'request a is already answered',
    });

    const offline = new BrokerRest('', (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch);
    await expect(offline.info()).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
