import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got, with its raw body. */
export interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real local HTTP server standing in for a webhook receiver (127.0.0.1 only): it records every
 * request and answers with the next status of `statuses` (the last one repeats).
 */
export async function startReceiver(
  statuses: number[] = [200],
  options: { hold?: boolean } = {},
): Promise<{
  url: string;
  received: Received[];
  /** Answers the requests held so far (with `hold`, none is answered before). */
  release(): void;
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const held: Array<() => void> = [];
  let answered = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = () => {
        response.statusCode = statuses[Math.min(answered++, statuses.length - 1)]!;
        response.end('ok');
      };
      if (options.hold) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    release: () => held.splice(0).forEach((answer) => answer()),
    close: () => {
      held.splice(0).forEach((answer) => answer());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A 127.0.0.1 port nothing listens on (bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
