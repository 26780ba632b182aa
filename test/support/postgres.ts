import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A throwaway PostgreSQL server in a temp dir, on a free port of 127.0.0.1. */
export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication). */
  url: string;
  port: number;
  /** A new empty database on this server; returns its URL. */
  createDatabase(name: string): string;
  /** `pg_ctl stop -m fast` (the data stays). */
  stop(): void;
  /** `pg_ctl start` again on the same port. */
  start(): void;
  /** Stops the server and removes its directory. */
  destroy(): void;
}

/**
 * The directory holding `initdb` and `pg_ctl`: `$PG_BIN`, else the newest
 * `/usr/lib/postgresql/<version>/bin`; undefined when PostgreSQL is not installed.
 */
export function findPostgresBin(): string | undefined {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return existsSync(path.join(fromEnv, 'initdb')) ? fromEnv : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * `runuser`, which starts PostgreSQL as the `postgres` user when the tests run as root: found on
 * PATH or in the sbin directories a minimal root PATH may leave out; undefined when absent.
 */
export function findRunuser(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin'];
  return dirs
    .filter((dir) => dir !== '')
    .map((dir) => path.join(dir, 'runuser'))
    .find((file) => existsSync(file));
}

/** One line saying why PostgreSQL tests are skipped, or undefined when they can run. */
export function postgresSkipReason(): string | undefined {
  if (!findPostgresBin())
    return 'PostgreSQL tests skipped: no initdb in $PG_BIN or /usr/lib/postgresql/*/bin (apt-get install postgresql)';
  if (process.getuid?.() === 0 && !findRunuser())
    return 'PostgreSQL tests skipped: running as root, and no runuser to start PostgreSQL as the postgres user';
  return undefined;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `initdb` into a temp dir and starts the server on a free port (unix socket in the temp
 * dir). PostgreSQL refuses to run as root: as uid 0 it runs as the `postgres` user.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(postgresSkipReason());
  const dir = mkdtempSync(path.join(tmpdir(), 'hitl-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const runuser = asRoot ? findRunuser() : undefined;
  if (asRoot && !runuser) throw new Error(postgresSkipReason());
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    if (runuser)
      execFileSync(runuser, ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  writeFileSync(path.join(dir, 'README'), 'throwaway PostgreSQL for HITL Broker tests\n');
  const port = await freePort();
  const options = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = true;
  return {
    url,
    port,
    createDatabase(name) {
      run('psql', [
        '-h',
        dir,
        '-p',
        String(port),
        '-U',
        'postgres',
        '-c',
        `CREATE DATABASE "${name}"`,
      ]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      stop();
      running = false;
    },
    start() {
      start();
      running = true;
    },
    destroy() {
      try {
        if (running) stop();
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
