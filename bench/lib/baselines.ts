import { watch } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SECURITY_HEADERS } from '../../main/http/security-headers';

/**
 * The floor for file latency: a bare fs.watch on `dir`, writing `count` question files one at a
 * time and timing write start → watch event for that name. Same dir kind, same machine, same run.
 */
export async function fsWatchLatencies(
  dir: string,
  count: number,
  makeBody: (i: number) => string,
): Promise<number[]> {
  const waiting = new Map<string, () => void>();
  const watcher = watch(dir, (_type, name) => {
    const done = name ? waiting.get(name.toString()) : undefined;
    if (done) {
      waiting.delete(name!.toString());
      done();
    }
  });
  const latencies: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const name = `floor-${i}.question`;
      const seen = new Promise<void>((resolve) => waiting.set(name, resolve));
      const start = performance.now();
      await writeFile(join(dir, name), makeBody(i));
      await seen;
      latencies.push(performance.now() - start);
    }
  } finally {
    watcher.close();
  }
  return latencies;
}

/** A bare node:http server: the floor for HTTP figures. Routes mirror the exchanges being measured. */
export interface EchoServer {
  url: string;
  server: Server;
  /** Body returned by GET /list (set by the caller, serialised per request like a real API). */
  listBody: unknown;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Starts the baseline server on 127.0.0.1:0.
 * - POST /echo: returns the JSON body it got.
 * - POST /hold/:key then GET /wait/:key: the GET is held until POST /release/:key (the bare
 *   equivalent of a long-poll or a held execute call).
 * - GET /list: JSON.stringify(listBody).
 * - GET /page: a static HTML list of 30 items (the first-paint floor), with the security headers
 *   the broker sends its page with. Its `cross-origin-opener-policy` alone makes Chromium load
 *   the page in a new renderer process when the tab was blank (or on another site): without the
 *   same headers the floor would leave that out, and the figure would measure the header.
 */
export async function startEchoServer(): Promise<EchoServer> {
  const held = new Map<string, { released: boolean; waiters: Array<(body: string) => void> }>();
  const slot = (key: string) => {
    let s = held.get(key);
    if (!s) held.set(key, (s = { released: false, waiters: [] }));
    return s;
  };
  const handle: EchoServer = {
    url: '',
    server: undefined as unknown as Server,
    listBody: [],
    close: async () => {},
  };
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const [, route, key = ''] = (req.url ?? '/').split('/');
    const send = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(text);
    };
    if (route === 'echo') return send(200, body || '{}');
    if (route === 'list') return send(200, JSON.stringify(handle.listBody));
    if (route === 'page') {
      res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8' });
      const items = Array.from(
        { length: 30 },
        (_, i) => `<li>bench-q-${i}: does step ${i} look right?</li>`,
      ).join('');
      return res.end(
        `<!doctype html><html><head><title>floor</title></head><body><ul>${items}</ul></body></html>`,
      );
    }
    if (route === 'hold') {
      slot(key);
      return send(201, JSON.stringify({ key, status: 'pending' }));
    }
    if (route === 'wait') {
      const s = slot(key);
      if (s.released) return send(200, JSON.stringify({ key, status: 'answered' }));
      s.waiters.push((text) => send(200, text));
      return;
    }
    if (route === 'release') {
      const s = slot(key);
      s.released = true;
      const text = JSON.stringify({ key, status: 'answered', response: body });
      for (const w of s.waiters.splice(0)) w(text);
      return send(200, JSON.stringify({ ok: true }));
    }
    send(404, '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  handle.url = `http://127.0.0.1:${port}`;
  handle.server = server;
  handle.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return handle;
}

/**
 * Diagnostic floor: the same write loop seen through chokidar (the watcher the adapter uses,
 * with its options), to tell watcher latency from adapter latency.
 */
export async function chokidarLatencies(
  dir: string,
  count: number,
  makeBody: (i: number) => string,
): Promise<number[]> {
  const { watch: chokidarWatch } = await import('chokidar');
  const waiting = new Map<string, () => void>();
  const watcher = chokidarWatch(dir, {
    ignoreInitial: true,
    followSymlinks: false,
    atomic: false,
    depth: 0,
  });
  watcher.on('add', (path) => {
    const name = path.slice(dir.length + 1);
    const done = waiting.get(name);
    if (done) {
      waiting.delete(name);
      done();
    }
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  const latencies: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const name = `chok-${i}.question`;
      const seen = new Promise<void>((resolve) => waiting.set(name, resolve));
      const start = performance.now();
      await writeFile(join(dir, name), makeBody(i));
      await seen;
      latencies.push(performance.now() - start);
    }
  } finally {
    await watcher.close();
  }
  return latencies;
}
