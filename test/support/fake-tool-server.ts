import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake tool server received it. */
export interface ReceivedCall {
  method: string;
  /** The request target exactly as sent (path and query, percent-encoding kept). */
  url: string;
  headers: IncomingHttpHeaders;
  /** The body's exact text. */
  body: string;
}

/** A call the test answers itself (`tool_name: "slow"`): write, wait, end when it likes. */
export interface HeldCall {
  call: ReceivedCall;
  res: ServerResponse;
  /** Resolves when the caller (the broker) closes the connection before the reply ended. */
  aborted: Promise<void>;
}

export interface FakeToolServer {
  url: string;
  calls: ReceivedCall[];
  /** Resolves with the next `slow` call, held until the test ends it. */
  nextHeld(): Promise<HeldCall>;
  close(): Promise<void>;
}

/**
 * A stand-in for an operator's own tool server (InfiAgent's Tool Server Lite), a real HTTP server
 * on 127.0.0.1: `dir_list` succeeds, `file_write` fails the InfiAgent way (200 `{success:
 * false}`), `bad` is a 400, `crash` is a 500 with a text body, `slow` is held for the test; task routes answer 404
 * for a status and 200 for create; tool confirmations say what they saw.
 */
export async function startFakeToolServer(): Promise<FakeToolServer> {
  const calls: ReceivedCall[] = [];
  const waiting: Array<(held: HeldCall) => void> = [];
  const unclaimed: HeldCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const call: ReceivedCall = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      calls.push(call);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-tool-server': 'fake' });
        res.end(JSON.stringify(body));
      };
      if (call.url.includes('/api/tool-confirmation/'))
        return json(200, { success: true, seen: `${call.method} ${call.url}` });
      if (call.url.includes('/api/task/create')) return json(200, { success: true, from: 'up' });
      if (call.url.includes('/status')) return json(404, { detail: 'Task not found' });
      const tool = call.body ? (JSON.parse(call.body) as { tool_name?: string }).tool_name : '';
      if (tool === 'dir_list')
        return json(200, { success: true, data: { status: 'success', output: 'a\nb', error: '' } });
      if (tool === 'file_write')
        return json(200, {
          success: false,
          error: 'Permission denied',
          data: { status: 'error', output: '', error: 'Permission denied' },
        });
      if (tool === 'bad') return json(400, { detail: 'path is required' });
      if (tool === 'crash') {
        res.writeHead(500, { 'content-type': 'text/plain' });
        return res.end('Internal Server Error');
      }
      const aborted = new Promise<void>((resolve) =>
        res.on('close', () => {
          if (!res.writableFinished) resolve();
        }),
      );
      const held = { call, res, aborted };
      const taker = waiting.shift();
      if (taker) taker(held);
      else unclaimed.push(held);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    nextHeld: () => {
      const ready = unclaimed.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A local URL nobody listens on (a port just freed). */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return `http://127.0.0.1:${port}`;
}
