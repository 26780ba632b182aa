import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';
import { verifySignature } from '../../../../main/service/webhooks/webhook-signature';
import { startReceiver } from './webhook-receiver';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

async function start(options: Parameters<typeof startBrokerService>[0]): Promise<BrokerService> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-webhooks-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const service = await startBrokerService({
    port: 0,
    stateDir: path.join(root, 'state'),
    rendererDir: null,
    ...options,
  });
  cleanups.push(() => service.close());
  return service;
}

describe('webhooks in the broker service', () => {
  it("a request asked over HTTP reaches the webhook signed; the delivery log is the operator's", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const service = await start({
      webhooks: [{ url: `${receiver.url}/T0/B0/abcdefghijklmnopqrstuvwx` }],
      webhookSecret: 's3cret',
      publicUrl: 'https://hitl.example.ts.net/',
    });
    const asked = await fetch(`${service.url}questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'deploy', question: 'Deploy to prod?' }),
    });
    expect(asked.status).toBeLessThan(300);
    await service.webhooks!.settled();
    const [received] = receiver.received;
    expect(
      verifySignature('s3cret', received!.body, received!.headers['x-hub-signature-256'] as string),
    ).toBe(true);
    const event = JSON.parse(received!.body);
    expect(event.request.question).toBe('Deploy to prod?');
    expect(event.request.url).toMatch(/^https:\/\/hitl\.example\.ts\.net\/\?request=/);
    expect(received!.body).not.toContain(service.server.context.operatorSecret);

    const route = `${service.url}api/webhooks/deliveries`;
    expect((await fetch(route)).status).toBe(403);
    const log = await fetch(route, {
      headers: { authorization: `Bearer ${service.server.context.operatorSecret}` },
    });
    expect(log.status).toBe(200);
    const body = (await log.json()) as { webhooks: Array<Record<string, unknown>> };
    expect(body.webhooks).toHaveLength(1);
    // The URL's secret-looking path segment is cut in the log.
    expect(body.webhooks[0]!.url).toBe(`${receiver.url}/T0/B0/abcd…`);
    expect(body.webhooks[0]!.attempts).toMatchObject([
      { event: 'asked', attempt: 1, status: 200, outcome: 'delivered' },
    ]);
  });

  it('refuses a bad public URL naming the field', async () => {
    await expect(start({ publicUrl: 'javascript:alert(1)' })).rejects.toThrow(/publicUrl: /);
  });
});
