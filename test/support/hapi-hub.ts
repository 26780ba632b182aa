import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The HAPI release the hub bridge is tested against (its native `hapi` binary, from npm). */
export const HAPI_VERSION = '0.30.7';
/** The Socket.IO client the test's stand-in CLI speaks the hub's `/cli` namespace with. */
const SOCKET_IO_CLIENT = 'socket.io-client@4.8.1';

/** The real `hapi` binary and the Socket.IO client beside it, or why not (one line). */
export type HapiInstall = { binary: string; modules: string } | { skip: string };

/**
 * Installs `@twsxtd/hapi@HAPI_VERSION` (and the Socket.IO client) from the npm registry into
 * `node_modules/.cache/hapi-<version>/` once (no install scripts: the binary is taken from the
 * platform package `@twsxtd/hapi-<platform>-<arch>`); `skip` when the registry cannot be reached
 * or the binary does not run here.
 */
export async function hapiInstall(): Promise<HapiInstall> {
  const platform = `${process.platform}-${process.arch}`;
  const cache = path.join(ROOT, 'node_modules', '.cache', `hapi-${HAPI_VERSION}`);
  const modules = path.join(cache, 'node_modules');
  const binary = path.join(modules, '@twsxtd', `hapi-${platform}`, 'bin', 'hapi');
  if (!existsSync(binary) || !existsSync(path.join(modules, 'socket.io-client'))) {
    const args = ['install', '--prefix', cache, '--ignore-scripts', '--no-audit', '--no-fund'];
    try {
      await run(
        'npm',
        [...args, '--loglevel=error', `@twsxtd/hapi@${HAPI_VERSION}`, SOCKET_IO_CLIENT],
        {
          timeout: 300_000,
        },
      );
    } catch (error) {
      const first = String((error as { stderr?: string }).stderr || (error as Error).message);
      return {
        skip: `npm install @twsxtd/hapi@${HAPI_VERSION} failed (registry unreachable?): ${first.trim().split('\n')[0]}`,
      };
    }
    if (!existsSync(binary))
      return { skip: `@twsxtd/hapi@${HAPI_VERSION} has no binary for ${platform}` };
  }
  try {
    const { stdout } = await run(binary, ['--version'], { timeout: 30_000 });
    if (!stdout.includes(HAPI_VERSION))
      return { skip: `${binary} --version printed ${JSON.stringify(stdout.trim())}` };
  } catch (error) {
    return { skip: `${binary} does not run here: ${(error as Error).message.split('\n')[0]}` };
  }
  return { binary, modules };
}

/** A running `hapi hub` with its own data dir, access token and port. */
export interface RunningHub {
  url: string;
  port: number;
  token: string;
  process: ChildProcess;
  /** Everything it printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `hapi hub` on `port` (a free one when omitted) with `home` as its HAPI_HOME. */
export async function startHub(
  binary: string,
  home: string,
  token: string,
  port?: number,
): Promise<RunningHub> {
  const listen = port ?? (await freePort());
  const child = spawn(binary, ['hub'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      HAPI_HOME: home,
      CLI_API_TOKEN: token,
      HAPI_LISTEN_HOST: '127.0.0.1',
      HAPI_LISTEN_PORT: String(listen),
      HAPI_IOS_PUSH: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const ready = new Promise<void>((resolve, reject) => {
    const hear = (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('HAPI Hub is ready')) resolve();
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    child.once('exit', (code) => reject(new Error(`hapi hub exited (${code}):\n${printed}`)));
  });
  await ready;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${listen}`,
    port: listen,
    token,
    process: child,
    output: () => printed,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The bit of a Socket.IO client socket the stand-in CLI uses. */
export interface CliSocket {
  on(event: string, listener: (...args: never[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
  emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
  close(): void;
  connected: boolean;
}

/** socket.io-client's `io`, loaded from the cache the hub was installed into. */
export function socketIo(modules: string): (url: string, options: object) => CliSocket {
  const load = createRequire(path.join(modules, 'noop.js'));
  return (load('socket.io-client') as { io: (url: string, options: object) => CliSocket }).io;
}
