import { existsSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDiscovery } from '../../../main/service/discovery';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import { until } from '../http/helpers';
import { SseTestClient } from '../http/sse-client';

let root: string;
let stateDir: string;
let dir: string;
const services: BrokerService[] = [];

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hitl-service-'));
  stateDir = path.join(root, 'state');
  dir = path.join(root, 'handshake');
});
afterEach(async () => {
  for (const s of services.splice(0)) await s.close();
  await rm(root, { recursive: true, force: true });
});

async function start(
  options: Parameters<typeof startBrokerService>[0] = {},
): Promise<BrokerService> {
  const service = await startBrokerService({
    port: 0,
    stateDir,
    dirs: [dir],
    rendererDir: null,
    ...options,
  });
  services.push(service);
  return service;
}

const json = { 'content-type': 'application/json' };
/** The headers of the operator of `service` (its state dir's operator secret, as the CLI sends it). */
const operatorOf = (service: BrokerService) => ({
  authorization: `Bearer ${service.server.context.operatorSecret}`,
});

describe('startBrokerService', () => {
  it('listens on loopback, writes a 0600 discovery file and removes it on close', async () => {
    const service = await start();
    expect(service.url).toBe(`http://127.0.0.1:${service.port}/`);
    const file = path.join(stateDir, 'broker.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readDiscovery(stateDir)).toEqual({
      url: service.url,
      port: service.port,
      pid: process.pid,
    });
    expect((await fetch(`${service.url}api/info`, { headers: operatorOf(service) })).status).toBe(
      200,
    );
    expect((await fetch(`${service.url}api/info`)).status).toBe(403);
    await service.close();
    expect(existsSync(file)).toBe(false);
    expect(readDiscovery(stateDir)).toBeUndefined();
  });

  it('serves file-handshake questions over HTTP and writes the answer file', async () => {
    const service = await start();
    await writeFile(
      path.join(dir, 'review.question'),
      JSON.stringify({ key: 'review', question: 'OK?', timestamp: Date.now(), pid: 1 }),
    );
    const listed = await until(async () => {
      const list = (await (await fetch(`${service.url}questions`)).json()) as Array<{
        key: string;
        source: string;
      }>;
      return list.find((q) => q.key === 'review');
    });
    expect(listed.source).toBe('clarity-file');
    const res = await fetch(`${service.url}answer`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ key: 'review', response: 'ship it' }),
    });
    expect(res.status).toBe(200);
    await until(() => existsSync(path.join(dir, 'review.answer')));
    expect(await readFile(path.join(dir, 'review.answer'), 'utf8')).toBe('ship it');
  });

  it('POST /cancel of a file question answered already deletes its question file, keeps its answer', async () => {
    const service = await start();
    const question = path.join(dir, 'late.question');
    await writeFile(question, JSON.stringify({ key: 'late', question: 'OK?', pid: 1 }));
    await until(async () => {
      const list = (await (await fetch(`${service.url}questions`)).json()) as { key: string }[];
      return list.some((q) => q.key === 'late');
    });
    const post = (route: string, body: object) =>
      fetch(`${service.url}${route}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(body),
      });
    expect((await post('answer', { key: 'late', response: 'yes' })).status).toBe(200);
    const cancelled = await post('cancel', { key: 'late' });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({
      removed: true,
      status: 'answered',
      alreadyResolved: true,
    });
    expect(existsSync(question)).toBe(false);
    expect(await readFile(path.join(dir, 'late.answer'), 'utf8')).toBe('yes');
    const polled = await (await fetch(`${service.url}questions/late`)).json();
    expect(polled).toMatchObject({ status: 'answered', response: 'yes' });
  });

  it('mirrors an HTTP-mode question as a .question file and survives a restart', async () => {
    const first = await start();
    const created = await fetch(`${first.url}questions`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ key: 'remote', question: 'From the VM?' }),
    });
    expect(created.status).toBe(200);
    await until(async () => (await readdir(dir)).includes('remote.question'));
    const mirrored = JSON.parse(await readFile(path.join(dir, 'remote.question'), 'utf8'));
    expect(mirrored).toMatchObject({ key: 'remote', question: 'From the VM?' });
    await first.close();

    const second = await start();
    const status = await (await fetch(`${second.url}questions/remote`)).json();
    expect(status).toEqual({ key: 'remote', status: 'pending', safeKey: 'remote' });
    expect(second.broker.pending().filter((r) => r.key === 'remote')).toHaveLength(1);
    await fetch(`${second.url}answer`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ key: 'remote', response: 'yes' }),
    });
    expect(await (await fetch(`${second.url}questions/remote`)).json()).toEqual({
      key: 'remote',
      status: 'answered',
      response: 'yes',
      safeKey: 'remote',
    });
    await until(async () => !(await readdir(dir)).includes('remote.question'));
    await second.close();

    const third = await start();
    const history = (await (
      await fetch(`${third.url}api/history`, { headers: operatorOf(third) })
    ).json()) as {
      requests: Array<{ key: string }>;
    };
    expect(history.requests.map((r) => r.key)).toEqual(['remote']);
  });

  it('a question accepted before a crash that left no mirror file is mirrored at the next start', async () => {
    const first = await start();
    const created = await fetch(`${first.url}questions`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ key: 'crashed', question: 'Still there?' }),
    });
    expect(created.status).toBe(200);
    // The state as a kill -9 right after the reply leaves it (no close, no snapshot flush; the
    // journal line was written before the reply), next to a handshake dir without the mirror.
    const crashed = path.join(root, 'crashed-state');
    await cp(stateDir, crashed, {
      recursive: true,
      filter: (source) => !source.endsWith('broker.lock'),
    });
    const freshDir = path.join(root, 'fresh-handshake');
    const second = await start({ stateDir: crashed, dirs: [freshDir] });
    expect(second.broker.findPending('clarity-http', 'crashed')).toBeDefined();
    const mirrored = JSON.parse(await readFile(path.join(freshDir, 'crashed.question'), 'utf8'));
    expect(mirrored).toMatchObject({ key: 'crashed', question: 'Still there?' });
  });

  it('keeps agent runs across a restart in <stateDir>/runs', async () => {
    const first = await start();
    const created = await fetch(`${first.url}api/runs`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ command: ['node', 'agent.js'], agent: 'writer' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const sent = await fetch(`${first.url}api/runs/${id}/events`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ entries: [{ kind: 'text', text: 'hello' }] }),
    });
    expect(sent.status).toBe(200);
    await first.close();
    expect(await readdir(path.join(stateDir, 'runs'))).toEqual([`${id}.jsonl`]);

    const second = await start();
    const { runs } = (await (
      await fetch(`${second.url}api/runs`, { headers: operatorOf(second) })
    ).json()) as {
      runs: Array<{ id: string; status: string; agent: string }>;
    };
    expect(runs).toMatchObject([{ id, status: 'lost', agent: 'writer' }]);
    const detail = (await (
      await fetch(`${second.url}api/runs/${id}`, { headers: operatorOf(second) })
    ).json()) as {
      entries: unknown[];
    };
    expect(detail.entries).toMatchObject([{ kind: 'text', text: 'hello', n: 0 }]);
  });

  it('appends every interaction to the JSONL audit log', async () => {
    const logFile = path.join(root, 'logs', 'audit.jsonl');
    const service = await start({ logFile });
    await fetch(`${service.url}questions`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ key: 'audited', question: 'Log me?' }),
    });
    await fetch(`${service.url}answer`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ key: 'audited', response: 'logged' }),
    });
    await service.close();
    const lines = readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toMatchObject([
      { event: 'added', key: 'audited', source: 'clarity-http', question: 'Log me?' },
      { event: 'answered', key: 'audited', response: 'logged', resolvedBy: 'http' },
    ]);
  });

  it('takes the token from CLARITY_HITL_BROKER_TOKEN and records it in the discovery file', async () => {
    process.env.CLARITY_HITL_BROKER_TOKEN = 'env-token';
    try {
      const service = await start();
      expect((await fetch(`${service.url}questions`)).status).toBe(401);
      expect(
        (await fetch(`${service.url}questions`, { headers: { authorization: 'Bearer env-token' } }))
          .status,
      ).toBe(200);
      expect(JSON.parse(readFileSync(path.join(stateDir, 'broker.json'), 'utf8')).token).toBe(
        'env-token',
      );
    } finally {
      delete process.env.CLARITY_HITL_BROKER_TOKEN;
    }
  });

  it('refuses a non-loopback host without a token and leaves nothing behind', async () => {
    await expect(start({ host: '0.0.0.0' })).rejects.toThrow(/requires a token/);
    expect(existsSync(path.join(stateDir, 'broker.json'))).toBe(false);
  });
});

describe('event numbering across a restart', () => {
  it("a page's Last-Event-ID from the last run gets a fresh snapshot, never this run's events under the same numbers", async () => {
    const first = await start();
    for (const key of ['a', 'b', 'c']) {
      await fetch(`${first.url}questions`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ key, question: `${key}?` }),
      });
    }
    const lastId = first.broker.lastSeq;
    const port = first.port;
    await services.splice(0)[0]!.close();

    const second = await start({ port });
    // The restarted broker re-reads its questions: as many events as the page had seen, or more.
    for (const key of ['d', 'e', 'f', 'g']) {
      await fetch(`${second.url}questions`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ key, question: `${key}?` }),
      });
    }
    expect(second.broker.lastSeq).toBeGreaterThan(lastId);
    const client = await SseTestClient.connect(second.port, { 'last-event-id': String(lastId) });
    try {
      await until(() => client.events().length > 0, 10_000, 'the first event');
      const [firstEvent] = client.events();
      expect(firstEvent!.event).toBe('snapshot');
      expect(JSON.parse(firstEvent!.data!).pending).toHaveLength(7);
    } finally {
      client.close();
    }
  });
});
