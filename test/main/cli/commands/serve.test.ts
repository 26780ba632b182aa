import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';
import { until } from '../../http/helpers';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function runCli(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli/clarity-hitl.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, CLARITY_HITL_TOKEN: '', CLARITY_HITL_BROKER_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

let root: string;
const cleanups: Array<() => unknown> = [];
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hitl-serve-'));
});
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
  await rm(root, { recursive: true, force: true });
});

describe('clarity-hitl serve', { timeout: 60_000 }, () => {
  it('serves files and HTTP in one process, prints its URL, and stops cleanly on SIGTERM', async () => {
    const dir = path.join(root, 'hs');
    const stateDir = path.join(root, 'state');
    const run = runCli(['serve', dir, '--port', '0', '--state-dir', stateDir]);
    cleanups.push(() => run.child.kill('SIGKILL'));
    await until(() => run.stdout().includes('Press Ctrl-C'), 30_000, 'the start-up lines');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(run.stdout())![1]!;
    const output = () => `stdout:\n${run.stdout()}\nstderr:\n${run.stderr()}`;
    expect(run.stdout(), output()).toContain(`Watching ${dir}`);
    expect(existsSync(path.join(stateDir, 'broker.json')), output()).toBe(true);
    // The inbox opens from a one-time login link (never the token in a URL).
    const login = /Open the inbox \(login link, works once\): (\S+)/.exec(run.stdout())?.[1];
    expect(login?.startsWith(`${url}login?code=`), output()).toBe(true);
    expect(run.stdout()).not.toContain('?token=');
    const first = await fetch(login!, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('set-cookie')).toMatch(/^clarity_hitl_operator=.*HttpOnly/);
    expect((await fetch(login!, { redirect: 'manual' })).status).toBe(401);

    await writeFile(
      path.join(dir, 'deploy.question'),
      JSON.stringify({ key: 'deploy', question: 'Deploy?', timestamp: Date.now() }),
    );
    await until(
      async () => ((await (await fetch(`${url}questions`)).json()) as unknown[]).length === 1,
      30_000,
      'the question',
    );
    const res = await fetch(`${url}answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'deploy', response: 'go' }),
    });
    expect(res.status, `${await res.text()}\n${output()}`).toBe(200);
    await until(() => existsSync(path.join(dir, 'deploy.answer')), 30_000, 'the answer file');
    expect(await readFile(path.join(dir, 'deploy.answer'), 'utf8')).toBe('go');

    run.child.kill('SIGTERM');
    expect(await run.exited, output()).toBe(0);
    expect(run.stdout()).toContain('Stopped.');
    expect(existsSync(path.join(stateDir, 'broker.json'))).toBe(false);
  });

  it('says a broker already runs on a taken port and prints its URL', async () => {
    const existing: BrokerService = await startBrokerService({
      port: 0,
      stateDir: path.join(root, 'other'),
      rendererDir: null,
    });
    cleanups.push(() => existing.close());
    const run = runCli([
      'serve',
      path.join(root, 'hs'),
      '--port',
      String(existing.port),
      '--state-dir',
      path.join(root, 'state'),
    ]);
    cleanups.push(() => run.child.kill('SIGKILL'));
    expect(await run.exited).toBe(3);
    expect(run.stderr()).toContain(
      `port ${existing.port} is taken: a HITL broker already runs there. Open ${existing.url}`,
    );
  });

  it('says the port is taken by another program when the holder is not a broker', async () => {
    const sockets = new Set<Socket>();
    const blocker: Server = createServer((socket) => {
      sockets.add(socket);
      socket.end('not http\n');
    });
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise((resolve) => {
          for (const socket of sockets) socket.destroy();
          blocker.close(resolve);
        }),
    );
    const port = (blocker.address() as { port: number }).port;
    const run = runCli([
      'serve',
      path.join(root, 'hs'),
      '--port',
      String(port),
      '--state-dir',
      path.join(root, 'state'),
    ]);
    cleanups.push(() => run.child.kill('SIGKILL'));
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toContain(`port ${port} on 127.0.0.1 is taken by another program`);
  });

  it('refuses to bind beyond loopback without a token', async () => {
    const run = runCli([
      'serve',
      path.join(root, 'hs'),
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--state-dir',
      path.join(root, 'state'),
    ]);
    cleanups.push(() => run.child.kill('SIGKILL'));
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toContain('requires a token');
  });

  it('takes the token from $CLARITY_HITL_TOKEN, the name the clients read (issue 35)', async () => {
    const run = runCli(
      ['serve', path.join(root, 'hs'), '--port', '0', '--state-dir', path.join(root, 'state')],
      { CLARITY_HITL_TOKEN: 'env-token' },
    );
    cleanups.push(() => run.child.kill('SIGKILL'));
    await until(() => run.stdout().includes('Press Ctrl-C'), 30_000, 'the start-up lines');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(run.stdout())![1]!;
    expect((await fetch(new URL('questions', url))).status).toBe(401);
    const authorized = { headers: { authorization: 'Bearer env-token' } };
    expect((await fetch(new URL('questions', url), authorized)).status).toBe(200);
  });

  it('a bad variable exits 2 with one line naming it', async () => {
    const state = path.join(root, 'state');
    const run = runCli(['serve', path.join(root, 'hs'), '--port', '0', '--state-dir', state], {
      CLARITY_HITL_ALLOW_QUERY_TOKEN: 'maybe',
    });
    cleanups.push(() => run.child.kill('SIGKILL'));
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toBe(
      'clarity-hitl: CLARITY_HITL_ALLOW_QUERY_TOKEN=maybe: must be 1, true or yes (on), or 0, false or no (off)\n',
    );
  });

  it('exits 2 on usage errors', async () => {
    for (const args of [
      ['--port', 'abc'],
      ['--history-limit', '-3'],
      ['--no-such-flag'],
      ['--token-file', path.join(root, 'missing-token')],
      ['--token', 'a', '--token-file', path.join(root, 'missing-token')],
    ]) {
      const run = runCli(['serve', path.join(root, 'hs'), '--state-dir', root, ...args]);
      cleanups.push(() => run.child.kill('SIGKILL'));
      expect(await run.exited, `${args.join(' ')}\n${run.stderr()}`).toBe(2);
    }
  });

  it('reads the token from --token-file, keeping it out of argv', async () => {
    const tokenFile = path.join(root, 'token');
    await writeFile(tokenFile, 'file-token-0123456789\n', { mode: 0o600 });
    const run = runCli([
      'serve',
      path.join(root, 'hs'),
      '--port',
      '0',
      '--state-dir',
      path.join(root, 'state'),
      '--token-file',
      tokenFile,
    ]);
    cleanups.push(() => run.child.kill('SIGKILL'));
    await until(() => run.stdout().includes('Press Ctrl-C'), 30_000, 'the start-up lines');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(run.stdout())![1]!;
    expect((await fetch(`${url}questions`)).status).toBe(401);
    const ok = await fetch(`${url}questions`, {
      headers: { authorization: 'Bearer file-token-0123456789' },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a second broker on the same state dir or handshake dir, naming the first (exit 3)', async () => {
    const first = await startBrokerService({
      dirs: [path.join(root, 'hs')],
      port: 0,
      stateDir: path.join(root, 'state'),
      rendererDir: null,
    });
    cleanups.push(() => first.close());
    for (const [dir, state, what] of [
      ['other-hs', 'state', 'state dir'],
      ['hs', 'other-state', 'handshake dir'],
    ] as const) {
      const run = runCli([
        'serve',
        path.join(root, dir),
        '--port',
        '0',
        '--state-dir',
        path.join(root, state),
      ]);
      cleanups.push(() => run.child.kill('SIGKILL'));
      expect(await run.exited, run.stderr()).toBe(3);
      expect(run.stderr()).toContain(`${what} `);
      expect(run.stderr()).toContain(`pid ${process.pid}, ${first.url}`);
    }
  });
});
