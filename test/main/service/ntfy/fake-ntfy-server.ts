import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A cached ntfy message as the JSON stream sends it. */
export interface NtfyMessage {
  id: string;
  time: number;
  event: 'message';
  topic: string;
  message: string;
  [field: string]: unknown;
}

/**
 * The parts of ntfy's documented API the broker uses, on 127.0.0.1 (ntfy itself cannot be reached
 * or installed here): JSON publishing (`POST /` with `{topic, …}`), plain publishing (`POST
 * /<topic>`, what an `http` action button does), and `GET /<topic>/json?since=<id|unix time>` as
 * a JSON stream (an `open` line, the cached messages after `since`, then live ones). With `token`
 * set, reading any topic and JSON publishing need `Authorization: Bearer <token>`; plain posts to
 * a topic are anonymous (the reply topic's "everyone write-only" ACL).
 */
export async function startFakeNtfy(
  token?: string,
  /** Told of each JSON publish's raw body as it lands (before the server parses it). */
  onPublish?: (body: string) => void,
) {
  const messages: NtfyMessage[] = [];
  const streams = new Set<{ topic: string; response: ServerResponse }>();
  const refused: string[] = [];
  /** While frozen, open streams get nothing more (a connection lost without a FIN). */
  let frozen = false;
  let failing = 0;
  /** The `since` of each stream request, in order. */
  const sinces: string[] = [];
  const authorised = (request: IncomingMessage) =>
    !token || request.headers.authorization === `Bearer ${token}`;

  const add = (topic: string, fields: Record<string, unknown>) => {
    const message: NtfyMessage = {
      ...fields,
      id: randomUUID().replace(/-/g, '').slice(0, 12),
      time: Math.floor(Date.now() / 1000),
      event: 'message',
      topic,
      message: String(fields.message ?? ''),
    };
    messages.push(message);
    for (const stream of streams)
      if (stream.topic === topic && !frozen) stream.response.write(`${JSON.stringify(message)}\n`);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const stream = /^\/([-\w]+)\/json$/.exec(url.pathname);
      if (request.method === 'GET' && stream) {
        if (!authorised(request)) return deny(response, refused, url.pathname);
        const since = url.searchParams.get('since') ?? '';
        sinces.push(since);
        response.writeHead(200, { 'content-type': 'application/x-ndjson' });
        response.write(
          `${JSON.stringify({ id: 'open1', time: 0, event: 'open', topic: stream[1] })}\n`,
        );
        for (const message of after(messages, since, stream[1]!))
          response.write(`${JSON.stringify(message)}\n`);
        frozen = false;
        const entry = { topic: stream[1]!, response };
        streams.add(entry);
        response.on('close', () => streams.delete(entry));
        return;
      }
      if (request.method === 'POST' && url.pathname === '/') {
        onPublish?.(body);
        if (!authorised(request)) return deny(response, refused, '/');
        if (failing > 0) {
          failing--;
          response.statusCode = 500;
          return response.end();
        }
        const json = JSON.parse(body) as { topic: string };
        add(json.topic, json);
        return response.end('{}');
      }
      const topic = /^\/([-\w]+)$/.exec(url.pathname);
      if (request.method === 'POST' && topic) {
        add(topic[1]!, { message: body });
        return response.end('{}');
      }
      response.statusCode = 404;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    messages,
    refused,
    sinces,
    /** The messages published to `topic`, oldest first. */
    on: (topic: string) => messages.filter((m) => m.topic === topic),
    /** Publishes as someone else would (e.g. a forged reply). */
    post: (topic: string, message: string) => add(topic, { message }),
    /** Ends every open stream (the broker must reconnect and resume with `since`). */
    dropStreams: () => {
      for (const { response } of streams) response.destroy();
      streams.clear();
    },
    subscribers: () => streams.size,
    /** The next `n` JSON publishes fail with 500. */
    failPublishes: (n: number) => {
      failing = n;
    },
    /** Open streams go silent until the next subscription. */
    freeze: () => {
      frozen = true;
    },
    close: () => {
      for (const { response } of streams) response.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function after(messages: NtfyMessage[], since: string, topic: string): NtfyMessage[] {
  const own = messages.filter((m) => m.topic === topic);
  if (since === 'all') return own;
  const at = own.findIndex((m) => m.id === since);
  if (at >= 0) return own.slice(at + 1);
  if (/^\d+$/.test(since)) return own.filter((m) => m.time >= Number(since));
  return [];
}

function deny(response: ServerResponse, refused: string[], path: string): void {
  refused.push(path);
  response.statusCode = 403;
  response.end('{"code":40301,"error":"forbidden"}');
}
