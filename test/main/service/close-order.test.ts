import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrokerService } from '../../../main/service/broker-service';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

describe('BrokerService.close order', () => {
  it('the HTTP server stops taking answers before the pushes stop listening to the broker', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-close-order-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const service = await startBrokerService({
      port: 0,
      stateDir: path.join(root, 'state'),
      dirs: [path.join(root, 'dir')],
      rendererDir: null,
      webhooks: [{ url: 'http://127.0.0.1:9/hook' }],
    });
    const server = service.server;
    const webhooks = service.webhooks!;
    const steps: string[] = [];
    const closeServer = server.close.bind(server);
    server.close = () => {
      steps.push('http');
      return closeServer();
    };
    const closeWebhooks = webhooks.close.bind(webhooks);
    webhooks.close = () => {
      steps.push(`webhooks (server listening: ${server.app.server.listening})`);
      closeWebhooks();
    };
    await service.close();
    expect(steps).toEqual(['http', 'webhooks (server listening: false)']);
  });
});
