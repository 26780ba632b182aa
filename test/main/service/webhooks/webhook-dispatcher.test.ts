import { afterEach, describe, expect, it, vi } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { WebhookDispatcher } from '../../../../main/service/webhooks/webhook-dispatcher';
import {
  SIGNATURE_HEADER,
  verifySignature,
} from '../../../../main/service/webhooks/webhook-signature';
import { closedPort, startReceiver } from './webhook-receiver';

const SECRET = 'webhook-secret-for-the-test';
const FAST = { baseDelayMs: 5, timeoutMs: 2000 };
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

async function setUp(statuses?: number[], extra: { format?: 'slack' | 'discord' } = {}) {
  const receiver = await startReceiver(statuses);
  const broker = new Broker();
  const dispatcher = new WebhookDispatcher({
    broker,
    webhooks: [{ url: `${receiver.url}/hook`, ...extra }],
    secret: SECRET,
    publicUrl: 'https://broker.example/inbox',
    retry: FAST,
  });
  cleanups.push(
    receiver.close,
    () => dispatcher.close(),
    () => broker.close(),
  );
  return { receiver, broker, dispatcher };
}

describe('signed webhooks', () => {
  it('posts one signed JSON event per asked and answered, verifiable with the secret only', async () => {
    const { receiver, broker, dispatcher } = await setUp();
    const request = broker.add({ source: 'clarity-http', key: 'k', prompt: 'Deploy now?' });
    broker.answer(request.id, { text: 'yes' });
    await dispatcher.settled();
    expect(receiver.received).toHaveLength(2);
    const [asked, answered] = receiver.received.map((r) => ({ ...r, json: JSON.parse(r.body) }));
    expect(asked!.json).toMatchObject({
      event: 'asked',
      request: { id: request.id, kind: 'text', question: 'Deploy now?', status: 'pending' },
    });
    expect(asked!.json.request.url).toBe(`https://broker.example/inbox/?request=${request.id}`);
    expect(answered!.json.event).toBe('answered');
    expect(asked!.headers['x-hitl-event']).toBe('asked');
    expect(asked!.headers['x-hitl-delivery']).toBe(asked!.json.id);
    expect(Number(asked!.headers['x-hitl-timestamp'])).toBe(
      Math.floor(Date.parse(asked!.json.at) / 1000),
    );
    const signature = asked!.headers[SIGNATURE_HEADER] as string;
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(SECRET, asked!.body, signature)).toBe(true);
    expect(verifySignature('another secret', asked!.body, signature)).toBe(false);
    expect(verifySignature(SECRET, asked!.body.replace('Deploy', 'Destroy'), signature)).toBe(
      false,
    );
    // The answer's text never goes out, nor the query's `format`.
    expect(answered!.body).not.toContain('"yes"');
    expect(receiver.received[0]!.url).toBe('/hook');
  });

  it('retries after a 500 and then succeeds; the log shows both attempts', async () => {
    const { receiver, broker, dispatcher } = await setUp([500, 200]);
    broker.add({ source: 'clarity-http', key: 'k', prompt: 'Q?' });
    await dispatcher.settled();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);
    const [log] = dispatcher.deliveries();
    expect(log!.attempts.map((a) => [a.attempt, a.status, a.outcome])).toEqual([
      [1, 500, 'retrying'],
      [2, 200, 'delivered'],
    ]);
  });

  it('gives up on a receiver that is down after the bounded attempts, and the log says so', async () => {
    const broker = new Broker();
    const port = await closedPort();
    const dispatcher = new WebhookDispatcher({
      broker,
      webhooks: [{ url: `http://127.0.0.1:${port}/hook` }],
      secret: SECRET,
      retry: { ...FAST, attempts: 3 },
    });
    cleanups.push(
      () => dispatcher.close(),
      () => broker.close(),
    );
    broker.add({ source: 'clarity-http', key: 'k', prompt: 'Q?' });
    await dispatcher.settled();
    const attempts = dispatcher.deliveries()[0]!.attempts;
    expect(attempts.map((a) => a.outcome)).toEqual(['retrying', 'retrying', 'gave-up']);
    expect(attempts[2]!.error).toBe('ECONNREFUSED');
  });

  it('a receiver that never answers times out each try and is given up', async () => {
    const silent = await startReceiver([200], { hold: true });
    const broker = new Broker();
    const dispatcher = new WebhookDispatcher({
      broker,
      webhooks: [{ url: silent.url }],
      retry: { ...FAST, attempts: 2, timeoutMs: 100 },
    });
    cleanups.push(
      silent.close,
      () => dispatcher.close(),
      () => broker.close(),
    );
    broker.add({ source: 'clarity-http', key: 'k', prompt: 'Q?' });
    await dispatcher.settled();
    expect(dispatcher.deliveries()[0]!.attempts).toMatchObject([
      { attempt: 1, outcome: 'retrying', error: 'timed out after 100 ms' },
      { attempt: 2, outcome: 'gave-up', error: 'timed out after 100 ms' },
    ]);
    expect(silent.received).toHaveLength(2);
  });

  it('does not retry a 4xx, and a slow webhook does not delay another', async () => {
    const slow = await startReceiver([404], { hold: true });
    const fine = await startReceiver();
    const broker = new Broker();
    const dispatcher = new WebhookDispatcher({
      broker,
      webhooks: [{ url: slow.url }, { url: fine.url }],
      retry: FAST,
    });
    cleanups.push(
      slow.close,
      fine.close,
      () => dispatcher.close(),
      () => broker.close(),
    );
    broker.add({ source: 'clarity-http', key: 'k', prompt: 'Q?' });
    // The second webhook has its event while the first one's receiver still holds its request.
    await vi.waitFor(() => expect(dispatcher.deliveries()[1]!.attempts).toHaveLength(1));
    expect(dispatcher.deliveries()[0]!.attempts).toEqual([]);
    expect(slow.received).toHaveLength(1);
    slow.release();
    await dispatcher.settled();
    const [first, second] = dispatcher.deliveries();
    expect(first!.attempts.map((a) => a.outcome)).toEqual(['refused']);
    expect(second!.attempts.map((a) => a.outcome)).toEqual(['delivered']);
    // Unsigned without a secret.
    expect(fine.received[0]!.headers[SIGNATURE_HEADER]).toBeUndefined();
  });

  it('an approval goes out as its command, capped, with nothing secret', async () => {
    const { receiver, broker, dispatcher } = await setUp();
    const command = `curl -H "Authorization: Bearer tok" ${'x'.repeat(2000)}`;
    broker.add({
      source: 'claude-code',
      key: 'a',
      prompt: 'Run?',
      agent: { id: 'claude-1', name: 'Claude' },
      context: 'HISTORY-SHOULD-NOT-LEAVE',
      input: { kind: 'approval', tool: 'Bash', command },
      meta: { proofKey: 'META-SHOULD-NOT-LEAVE' },
    });
    await dispatcher.settled();
    const json = JSON.parse(receiver.received[0]!.body);
    expect(json.request.agent).toBe('Claude');
    expect(json.request.kind).toBe('approval');
    expect([...json.request.question]).toHaveLength(500);
    expect(json.request.question.startsWith('Bash: curl')).toBe(true);
    expect(receiver.received[0]!.body).not.toContain('SHOULD-NOT-LEAVE');
    expect(receiver.received[0]!.body).not.toContain(SECRET);
  });

  it("?format=slack posts Slack's incoming-webhook body with a link back, escaped", async () => {
    const receiver = await startReceiver();
    const broker = new Broker();
    const dispatcher = new WebhookDispatcher({
      broker,
      webhooks: [{ url: `${receiver.url}/services/T/B/x?format=slack` }],
      secret: SECRET,
      publicUrl: 'https://broker.example',
      retry: FAST,
    });
    cleanups.push(
      receiver.close,
      () => dispatcher.close(),
      () => broker.close(),
    );
    const request = broker.add({
      source: 'clarity-http',
      key: 'k',
      prompt: 'Ping <!channel> & deploy?',
      agent: { id: 'bot' },
    });
    await dispatcher.settled();
    expect(receiver.received[0]!.url).toBe('/services/T/B/x');
    const body = JSON.parse(receiver.received[0]!.body);
    expect(Object.keys(body).sort()).toEqual(['blocks', 'text']);
    expect(body.text).toBe('bot asks (text)');
    expect(body.blocks).toEqual([
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `*bot asks (text)*\n>Ping &lt;!channel&gt; &amp; deploy?\n<https://broker.example/?request=${request.id}|Open in the inbox>`,
        },
      },
    ]);
  });

  it("format discord posts Discord's execute-webhook body, mentions disabled", async () => {
    const { receiver, broker, dispatcher } = await setUp([204], { format: 'discord' });
    const request = broker.add({
      source: 'clarity-http',
      key: 'k',
      prompt: '@everyone deploy?',
      input: { kind: 'confirm' },
    });
    broker.answer(request.id, { value: { kind: 'confirm', confirmed: false } });
    await dispatcher.settled();
    const [asked, answered] = receiver.received.map((r) => JSON.parse(r.body));
    expect(asked).toEqual({
      content: 'clarity-http asks (confirm)',
      embeds: [
        {
          title: 'clarity-http asks (confirm)',
          description: '@everyone deploy?',
          url: `https://broker.example/inbox/?request=${request.id}`,
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
      allowed_mentions: { parse: [] },
    });
    expect(answered.content).toBe("clarity-http's confirm request was answered (no)");
    expect(dispatcher.deliveries()[0]!.attempts.map((a) => a.status)).toEqual([204, 204]);
  });

  it('refuses a bad webhook option naming the field', () => {
    const broker = new Broker();
    cleanups.push(() => broker.close());
    expect(() => new WebhookDispatcher({ broker, webhooks: [{ url: 'ftp://x' }] })).toThrow(
      /webhooks\.0: url: expected an http\(s\) URL/,
    );
    expect(
      () => new WebhookDispatcher({ broker, webhooks: [{ url: 'http://x/?format=teams' }] }),
    ).toThrow(/webhooks\.0\.url: format=teams/);
  });
});
