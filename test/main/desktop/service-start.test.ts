import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrokerAlreadyRunningError,
  startDesktopService,
} from '../../../main/desktop/service-start';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import { makeTempDir } from '../../support/temp-dir';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

async function stateDir(): Promise<string> {
  const dir = await makeTempDir('hitl-desktop-start-');
  cleanups.push(dir.remove);
  return dir.path;
}

async function start(port: number) {
  const dir = await stateDir();
  const result = await startDesktopService((o) => startBrokerService({ ...o, rendererDir: null }), {
    port,
    stateDir: dir,
  });
  cleanups.push(() => result.service.close());
  return result;
}

describe('startDesktopService', () => {
  it('takes a free port, and says so, when another program holds the configured one', async () => {
    const sockets = new Set<Socket>();
    const other: Server = createServer((socket) => {
      sockets.add(socket);
      socket.end('not http\n');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
      return new Promise((r) => other.close(r));
    });
    const taken = (other.address() as { port: number }).port;

    const { service, movedFrom } = await start(taken);
    expect(movedFrom).toBe(taken);
    expect(service.port).not.toBe(taken);
    const info = await fetch(`${service.url}api/info`, {
      headers: { authorization: `Bearer ${service.server.context.operatorSecret}` },
    }).then((r) => r.json());
    expect(info).toMatchObject({ version: expect.any(String) });
  });

  it('refuses to start beside another HITL broker on its port, naming where it runs', async () => {
    const running: BrokerService = await startBrokerService({
      port: 0,
      rendererDir: null,
      stateDir: await stateDir(),
    });
    cleanups.push(() => running.close());
    const error = await start(running.port).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrokerAlreadyRunningError);
    expect((error as BrokerAlreadyRunningError).url).toBe(running.url);
  });

  it('starts on the configured port when it is free, and passes other errors through', async () => {
    const { movedFrom, service } = await start(0);
    expect(movedFrom).toBeUndefined();
    expect(service.port).toBeGreaterThan(0);
    await expect(
      startDesktopService(
        () => Promise.reject(Object.assign(new Error('EACCES'), { code: 'EACCES' })),
        { port: 80 },
      ),
    ).rejects.toThrow('EACCES');
  });
});
