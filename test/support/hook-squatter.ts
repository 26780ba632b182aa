import { spawn } from 'node:child_process';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpointText } from '../../main/adapters/coding-agents/hook-wire';
import { writeDiscovery } from '../../main/service/discovery';
import { proofOf, writeProofKey, deriveProofKey } from '../../main/service/broker-proof';

/** A request the squatter received. */
export interface SeenRequest {
  method: string;
  url: string;
  /** This server's end of the connection (`127.0.0.1:port`), what an honest broker signs. */
  endpoint: string;
  authorization?: string;
  body: string;
}

/** What the squatter answers: a status and a JSON body, or it writes the reply itself. */
export type SquatterAnswer =
  { status?: number; json: unknown } | ((req: SeenRequest, res: ServerResponse) => void);

export interface Squatter {
  url: string;
  port: number;
  /** Every request received, in order. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 (free port) that is not the broker: it records every request
 * and answers each with `answer(request)`. The port holder of the hook's attack tests.
 */
export async function startSquatter(
  answer: (req: SeenRequest) => SquatterAnswer,
): Promise<Squatter> {
  const seen: SeenRequest[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        endpoint: endpointText(req.socket.localAddress, req.socket.localPort),
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      const reply = answer(request);
      if (typeof reply === 'function') return reply(request, res);
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The nonce a hook sent in a request body (hello or event). */
export function nonceOf(req: SeenRequest): string {
  return (JSON.parse(req.body) as { nonce: string }).nonce;
}

/**
 * A state dir as a running broker leaves it for the hook: `hook-proof.key` from `secret`, and
 * `broker.json` naming `url` with `pid` (default: this process, alive). Returns the proof key.
 */
export function brokerState(
  stateDir: string,
  url: string,
  options: { secret?: string; pid?: number; token?: string; key?: boolean } = {},
): string {
  const secret = options.secret ?? 'test-operator-secret-test-operator-secret-0';
  if (options.key !== false) writeProofKey(stateDir, secret);
  writeDiscovery(stateDir, {
    url,
    port: Number(new URL(url).port),
    pid: options.pid ?? process.pid,
    ...(options.token ? { token: options.token } : {}),
  });
  return deriveProofKey(secret);
}

/**
 * The hello reply a holder of `key` gives: the proof over its own end of the connection (the
 * honest broker's answer), or over `endpoint` (a relay passing on another server's proof).
 */
export function helloReply(key: string, req: SeenRequest, endpoint = req.endpoint): SquatterAnswer {
  return { json: { proof: proofOf(key, 'hello', nonceOf(req), endpoint), endpoint } };
}

/** The pid of a process that has exited (a stale discovery file's). */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/**
 * A reply of `megabytes` MB written with back-pressure; resolves (via `sent`) with the bytes the
 * socket took before the hook hung up (or all of them).
 */
export function hugeReply(megabytes: number, declareLength = false) {
  let done: (bytes: number) => void = () => {};
  const sent = new Promise<number>((resolve) => (done = resolve));
  const total = megabytes * 1024 * 1024;
  const write = (_req: SeenRequest, res: ServerResponse) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(declareLength ? { 'content-length': total } : {}),
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let bytes = 0;
    res.on('close', () => done(bytes));
    const pump = () => {
      while (bytes < total && !res.destroyed) {
        bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  };
  return { write, sent };
}

/**
 * A relay: listens at `host:port` and passes every request on to `target` (Host rewritten so the
 * broker accepts it), its reply back unchanged. Records what it saw.
 */
export async function startRelay(target: string, host: string, port: number): Promise<Squatter> {
  const seen: SeenRequest[] = [];
  const to = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        endpoint: endpointText(req.socket.localAddress, req.socket.localPort),
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        body: body.toString('utf8'),
      });
      const forward = request(
        new URL(req.url ?? '/', to),
        { method: req.method, headers: { ...req.headers, host: to.host } },
        (reply) => {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://${host}:${port}/`,
    port,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
