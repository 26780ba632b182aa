import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../main/broker/broker';
import { reportWhenSent } from '../../../main/adapters/delivery-on-send';
import type { HitlRequest, Source } from '@contract/request';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A real HTTP exchange whose handler reports `request`'s delivery, then `respond`s. */
async function exchange(
  broker: Broker,
  request: HitlRequest,
  respond: (res: ServerResponse) => void,
): Promise<void> {
  server = createServer((_req, res) => {
    reportWhenSent(broker, broker.get(request.id)!, res);
    respond(res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    const req = httpRequest({ port, host: '127.0.0.1' }, (res) => {
      res.resume();
      res.on('end', resolve);
      res.on('error', () => resolve());
    });
    req.on('error', () => resolve());
    req.end();
  });
}

function answered(source: Source): { broker: Broker; request: HitlRequest } {
  const broker = new Broker();
  broker.deliveries.expect(source);
  const open = broker.add({ source, key: 'k', prompt: 'Go?' });
  return {
    broker,
    request: broker.answer(open.id, { text: 'yes' }, 'ui', { authority: 'operator' }),
  };
}

describe('reportWhenSent', () => {
  it('marks the answer delivered once the response carrying it is sent', async () => {
    const { broker, request } = answered('tool-server-lite');
    await exchange(broker, request, (res) => res.end('{"answer":"yes"}'));
    expect(broker.get(request.id)?.delivery?.state).toBe('delivered');
  });

  it('a connection lost before the answer went out: retrying where the agent asks again, ended where it never does', async () => {
    for (const [source, state] of [
      ['tool-server-lite', 'retrying'],
      ['mcp', 'retrying'],
      ['cueme', 'undeliverable'],
      ['claude-code', 'undeliverable'],
    ] as const) {
      const { broker, request } = answered(source);
      await exchange(broker, request, (res) => res.destroy());
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
      expect(broker.get(request.id)?.delivery).toMatchObject({
        state,
        reason: expect.stringMatching(/^the agent hung up before the answer was sent/),
      });
    }
  });

  it('leaves a request alone that is not an open answer (cancelled, untracked, delivered)', async () => {
    const broker = new Broker();
    const cancelled = broker.cancel(broker.add({ source: 'mcp', key: 'c', prompt: 'C?' }).id);
    await exchange(broker, cancelled, (res) => res.end('gone'));
    expect(broker.get(cancelled.id)?.delivery).toBeUndefined();
  });
});
