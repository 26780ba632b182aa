/// <reference types="node" />
// A real-broker test: Node types for spawning `clarity-hitl serve` (this file runs in Node, not a page).
import { spawn, type ChildProcess } from 'node:child_process';
import { EventSource } from 'eventsource';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import {
  HttpInboxClient,
  type EventSourceLike,
} from '../../../renderer/src/client/http-inbox-client';
import type { ConnectionState, InboxEvent } from '../../../renderer/src/client/inbox-client';
import { MultiBrokerClient, whereOf } from '../../../renderer/src/client/multi-broker-client';
import { waitFor } from '../../support/wait-for';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** A real `clarity-hitl serve` on a free (or given) port. */
interface Serve {
  url: string;
  port: number;
  stateDir: string;
  /** The one-time login link serve printed at start. */
  loginLink: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

const running = new Set<Serve>();
const dirs: string[] = [];
afterEach(async () => {
  for (const s of [...running]) await s.stop();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function broker(port = 0, stateDir?: string): Promise<Serve> {
  const dir = stateDir ?? (await mkdtemp(join(tmpdir(), 'hitl-multi-')));
  if (!stateDir) dirs.push(dir);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'main/cli/clarity-hitl.ts',
      'serve',
      join(dir, 'hs'),
      '--port',
      String(port),
      '--state-dir',
      dir,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, CLARITY_HITL_BROKER_TOKEN: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const match = await waitFor(
    () => /listening on (http:\/\/127\.0\.0\.1:(\d+)\/)/.exec(out),
    'serve',
    30_000,
  );
  const login = await waitFor(
    () => /Open the inbox \(login link, works once\): (\S+)/.exec(out),
    'the login link',
    30_000,
  );
  const serve: Serve = {
    url: match[1]!,
    port: Number(match[2]),
    stateDir: dir,
    loginLink: login[1]!,
    child,
    stop: async () => {
      running.delete(serve);
      child.kill('SIGTERM');
      await exited;
    },
  };
  running.add(serve);
  return serve;
}

const ask = async (serve: Serve, key: string, question: string) => {
  const res = await fetch(`${serve.url}questions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, question }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
};
const statusOf = async (serve: Serve, key: string) =>
  ((await (await fetch(`${serve.url}questions/${key}`)).json()) as { status: string }).status;

/** Opens the login link as a browser would: the operator's session cookie it sets. */
const logIn = async (serve: Serve): Promise<string> => {
  const res = await fetch(serve.loginLink, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('set-cookie')!.split(';', 1)[0]!;
};

/** The inbox of a browser logged in to `serve` (its session cookie on every call and stream). */
const clientFor = async (serve: Serve) => {
  const cookie = await logIn(serve);
  const withCookie = (init?: RequestInit): RequestInit => ({
    ...init,
    headers: { ...(init?.headers as Record<string, string> | undefined), cookie },
  });
  return new HttpInboxClient({
    baseUrl: serve.url.replace(/\/$/, ''),
    fetch: (input, init) => fetch(input, withCookie(init)),
    eventSource: (url) =>
      new EventSource(url, {
        fetch: (input, init) => fetch(input, withCookie(init)),
      }) as unknown as EventSourceLike,
    retryDelayMs: 100,
    afterPaint: (fn) => fn(),
  });
};

describe('MultiBrokerClient over two real brokers', { timeout: 60_000 }, () => {
  it('merges both inboxes with where labels, routes answers, and rides out a broker restart', async () => {
    const laptop = await broker();
    const vm = await broker();
    const multi = new MultiBrokerClient([
      { name: 'laptop', client: await clientFor(laptop) },
      { name: 'build-vm', client: await clientFor(vm) },
    ]);
    let pending: HitlRequest[] = [];
    const events: InboxEvent[] = [];
    const states: ConnectionState[] = [];
    const off = multi.subscribe((event) => {
      events.push(event);
      if (event.type === 'snapshot') pending = event.pending;
      else if (event.type !== 'agent_message') {
        pending = pending.filter((r) => r.id !== event.request.id);
        if (event.request.status === 'pending') pending.push(event.request);
      }
    });
    multi.onConnectionChange((s) => states.push(s));

    await ask(laptop, 'k', 'On the laptop?');
    await ask(vm, 'k', 'On the VM?');
    await waitFor(() => pending.length === 2, 'both requests');
    expect(pending.map((r) => [whereOf(r), r.prompt]).sort()).toEqual([
      ['build-vm', 'On the VM?'],
      ['laptop', 'On the laptop?'],
    ]);
    // The same key on both brokers stays two requests with distinct ids.
    expect(new Set(pending.map((r) => r.id)).size).toBe(2);

    const vmId = pending.find((r) => whereOf(r) === 'build-vm')!.id;
    const answered = await multi.answer(vmId, { text: 'yes' });
    expect(answered.id).toBe(vmId);
    expect(await statusOf(vm, 'k')).toBe('answered');
    await waitFor(() => pending.length === 1, 'the answered one gone');

    // The VM's broker goes away: shown as not connected, its last requests kept.
    const port = vm.port;
    const stateDir = vm.stateDir;
    await ask(vm, 'k2', 'Still?');
    await waitFor(() => pending.length === 2, 'the second VM request');
    await vm.stop();
    await waitFor(() => states.at(-1) !== 'open', 'disconnected shown');
    expect(multi.brokerStates().get('laptop')).toBe('open');
    expect(multi.brokerStates().get('build-vm')).not.toBe('open');
    expect(pending.map((r) => r.prompt).sort()).toEqual(['On the laptop?', 'Still?']);
    const removedWhileDown = events.filter(
      (e) => e.type !== 'snapshot' && e.type !== 'agent_message' && e.request.status !== 'pending',
    );
    expect(removedWhileDown).toHaveLength(1); // only the answer given above

    // It comes back on the same port: reconnected by itself, its inbox re-synced.
    const back = await broker(port, stateDir);
    await ask(back, 'k3', 'Back again?');
    await waitFor(() => states.at(-1) === 'open', 'reconnected', 20_000);
    await waitFor(() => pending.some((r) => r.prompt === 'Back again?'), 'the new request');
    expect(pending.filter((r) => whereOf(r) === 'laptop')).toHaveLength(1);
    off();
  });

  it('refuses an id that names no broker', async () => {
    const only = await broker();
    const multi = new MultiBrokerClient([{ name: 'here', client: await clientFor(only) }]);
    await expect(multi.answer('elsewhere/abc', { text: 'x' })).rejects.toMatchObject({
      status: 404,
    });
  });
});
