import { describe, expect, it } from 'vitest';
import { decisionText } from '../../../../main/adapters/coding-agents/hook-wire';
import { deriveProofKey, proofOf } from '../../../../main/service/broker-proof';
import { hookEvent } from '../../../support/hook-fixtures';
import { makeServer } from '../helpers';

const SECRET = 'route-test-operator-secret-route-test-operator-s';
const KEY = deriveProofKey(SECRET);
const NONCE = 'n'.repeat(43);

describe('POST /api/hooks/hello and the signed decision', () => {
  it('hello answers the nonce with the proof over its end of the connection, without a token even when one is required', async () => {
    const t = await makeServer({ operatorSecret: SECRET, token: 'agent-token', port: 0 });
    const base = await t.server.listen();
    try {
      const post = (path: string, body: unknown) =>
        fetch(new URL(path, base), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const res = await post('/api/hooks/hello', { nonce: NONCE });
      expect(res.status).toBe(200);
      const endpoint = `127.0.0.1:${t.server.port()}`;
      expect(await res.json()).toEqual({ proof: proofOf(KEY, 'hello', NONCE, endpoint), endpoint });
      // Nothing else is open without the token: the event itself needs it.
      const event = await post('/api/hooks/claude-code', {
        event: hookEvent('claude-notification'),
        nonce: NONCE,
      });
      expect(event.status).toBe(401);
    } finally {
      await t.server.close();
    }
  });

  it('a broker with another operator secret gives a proof the hook would not accept', async () => {
    const t = await makeServer({ operatorSecret: `${SECRET}x` });
    const res = await t.post('/api/hooks/hello', { nonce: NONCE });
    expect(res.json().proof).not.toBe(proofOf(KEY, 'hello', NONCE, res.json().endpoint));
  });

  it('the reply to an event carries the proof over the nonce and the canonical decision', async () => {
    const t = await makeServer({ operatorSecret: SECRET });
    const res = await t.post('/api/hooks/claude-code', {
      event: hookEvent('claude-stop'),
      nonce: NONCE,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ decision: null });
    expect(res.json().proof).toBe(proofOf(KEY, 'decision', NONCE, decisionText(null)));
  });

  it.each([
    ['no nonce', { event: hookEvent('claude-stop') }, /nonce/],
    ['a short nonce', { event: hookEvent('claude-stop'), nonce: 'abc' }, /nonce/],
    [
      'a relative cwd',
      { event: hookEvent('claude-stop', { cwd: 'shop-api' }), nonce: NONCE },
      /cwd.*absolute/,
    ],
  ])('%s: 400 naming the field', async (_label, body, field) => {
    const t = await makeServer({ operatorSecret: SECRET });
    const res = await t.post('/api/hooks/claude-code', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(field);
  });

  it('hello with a bad nonce: 400 naming it', async () => {
    const t = await makeServer({ operatorSecret: SECRET });
    const res = await t.post('/api/hooks/hello', { nonce: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nonce/);
  });
});
