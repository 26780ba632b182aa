import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import { readDiscovery } from '../../../main/service/discovery';
import { makeTempDir } from '../../support/temp-dir';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

async function start(): Promise<{ service: BrokerService; stateDir: string }> {
  const state = await makeTempDir('hitl-rebind-');
  cleanups.push(state.remove);
  const service = await startBrokerService({ port: 0, stateDir: state.path, rendererDir: null });
  cleanups.push(() => service.close());
  return { service, stateDir: state.path };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

/** GET /questions' status, or 'refused'. Retried once: a pooled keep-alive socket to a server
 * that just closed fails the first try, as it would in any HTTP client. */
async function status(url: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return (await fetch(`${url}questions`, { headers })).status;
    } catch {
      if (attempt > 0) return 'refused' as const;
    }
  }
}

describe('BrokerService.rebindHttp', () => {
  it('moves to another port: the old one stops answering, the new one serves, discovery follows', async () => {
    const { service, stateDir } = await start();
    const oldUrl = service.url;
    const port = await freePort();
    const url = await service.rebindHttp({ port });
    expect(url).toBe(`http://127.0.0.1:${port}/`);
    expect(service.port).toBe(port);
    expect(service.url).toBe(url);
    expect(await status(url)).toBe(200);
    expect(await status(oldUrl)).toBe('refused');
    expect(readDiscovery(stateDir)).toMatchObject({ url, port });
    expect(service.server.context.tokenRequired).toBe(false);
  });

  it('a new token on the same port is required at once and written to discovery', async () => {
    const { service, stateDir } = await start();
    const port = service.port;
    await service.rebindHttp({ port, token: 's3cret-token' });
    expect(service.port).toBe(port);
    expect(await status(service.url)).toBe(401);
    expect(await status(service.url, { authorization: 'Bearer s3cret-token' })).toBe(200);
    expect(readDiscovery(stateDir)).toMatchObject({ token: 's3cret-token' });
    await service.rebindHttp({ port, token: '' });
    expect(await status(service.url)).toBe(200);
  });

  it('a port held by another program fails the move and the broker keeps serving where it was', async () => {
    const { service } = await start();
    const holder: Server = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => holder.close(r)));
    const taken = (holder.address() as { port: number }).port;
    const before = service.url;
    await expect(service.rebindHttp({ port: taken })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
    expect(service.url).toBe(before);
    expect(await status(before)).toBe(200);
  });
});
