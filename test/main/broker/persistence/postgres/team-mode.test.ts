import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlreadyResolvedError } from '../../../../../main/broker/errors';
import { migrate } from '../../../../../main/broker/persistence/postgres/migrations';
import { startBrokerService, type BrokerService } from '../../../../../main/service/broker-service';
import {
  postgresSkipReason,
  startTestPostgres,
  type TestPostgres,
} from '../../../../support/postgres';
import { until } from '../../../http/helpers';

const skip = postgresSkipReason();
if (skip) console.log(skip);

describe.skipIf(skip !== undefined)('team mode on PostgreSQL', () => {
  let server: TestPostgres;
  let root: string;
  let db = 0;
  const services: BrokerService[] = [];

  beforeAll(async () => {
    server = await startTestPostgres();
    root = await mkdtemp(path.join(os.tmpdir(), 'hitl-team-'));
  }, 60_000);
  afterAll(async () => {
    for (const s of services.splice(0)) await s.close();
    server?.destroy();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** Two (or more) instances on one fresh database, each with its own state and handshake dir. */
  async function team(names: string[]): Promise<BrokerService[]> {
    const url = server.createDatabase(`team${++db}`);
    const out: BrokerService[] = [];
    for (const name of names) out.push(await instance(url, name));
    return out;
  }

  /** One instance on the database at `url` (started again with the same name: same dirs). */
  async function instance(url: string, name: string): Promise<BrokerService> {
    const service = await startBrokerService({
      port: 0,
      stateDir: path.join(root, `${db}-${name}`, 'state'),
      dirs: [path.join(root, `${db}-${name}`, 'handshake')],
      rendererDir: null,
      store: url,
      instanceName: name,
      operators: [
        { name: 'alice', token: 'alice-token' },
        { name: 'bob', token: 'bob-token' },
      ],
    });
    services.push(service);
    return service;
  }

  const post = (url: string, body: unknown, token = 'alice-token') =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });

  it('runs migrations once, however often and from however many instances', async () => {
    const url = server.createDatabase('migrations');
    const clients = [new pg.Client(url), new pg.Client(url)];
    await Promise.all(clients.map((c) => c.connect()));
    const applied = await Promise.all(clients.map((c) => migrate(c)));
    expect(applied.flat()).toEqual([1]);
    expect(await migrate(clients[0]!)).toEqual([]);
    const { rows } = await clients[0]!.query('SELECT version FROM schema_migrations');
    expect(rows).toEqual([{ version: 1 }]);
    await Promise.all(clients.map((c) => c.end()));
  });

  it('shows a request created on A on B, within 100 ms', async () => {
    const [a, b] = await team(['host-a', 'host-b']);
    const seen = new Promise<number>((resolve) =>
      b!.broker.subscribe((event) => {
        if (event.type === 'added' && event.request.key === 'deploy') resolve(Date.now());
      }),
    );
    const started = Date.now();
    const created = a!.broker.add({ source: 'clarity-http', key: 'deploy', prompt: 'Deploy?' });
    const arrived = await seen;
    expect(arrived - started).toBeLessThan(100);
    expect(b!.broker.get(created.id)?.prompt).toBe('Deploy?');
  });

  it("an answer given on B releases A's waiter and names who answered where", async () => {
    const [a, b] = await team(['host-a', 'host-b']);
    const request = a!.broker.add({ source: 'clarity-http', key: 'q1', prompt: 'Which?' });
    const waiter = a!.broker.waitForResolution(request.id);
    await until(() => b!.broker.get(request.id));
    const res = await post(
      `${b!.url}api/requests/${request.id}/answer`,
      { text: 'blue' },
      'bob-token',
    );
    expect(res.status).toBe(200);
    const resolved = await waiter;
    expect(resolved.answer?.text).toBe('blue');
    expect(resolved.resolvedOn).toBe('host-b');
    expect(resolved.operator).toBe('bob');
    // The agent's long-poll on A sees the answer.
    const polled = (await (
      await fetch(`${a!.url}questions/q1`, { headers: { authorization: 'Bearer alice-token' } })
    ).json()) as { status: string };
    expect(polled.status).toBe('answered');
    // A later answer on A loses, naming the winner.
    const late = await post(`${a!.url}api/requests/${request.id}/answer`, { text: 'red' });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('already answered by bob on host-b');
  });

  it('a restarted instance takes up its question files again: answered elsewhere meanwhile, still pending, cancelled', async () => {
    const url = server.createDatabase(`team${++db}`);
    const a = await instance(url, 'file-a');
    const b = await instance(url, 'file-b');
    const dirA = path.join(root, `${db}-file-a`, 'handshake');
    const ask = (key: string) =>
      writeFile(
        path.join(dirA, `${key}.question`),
        JSON.stringify({ key, question: `${key}?`, timestamp: Date.now(), pid: 4242 }),
      );
    for (const key of ['while-down', 'after-up', 'dropped']) await ask(key);
    await until(() =>
      ['while-down', 'after-up', 'dropped'].every((k) => b.broker.findPending('clarity-file', k)),
    );
    const idOf = (key: string) => b.broker.findPending('clarity-file', key)!.id;
    const ids = {
      whileDown: idOf('while-down'),
      afterUp: idOf('after-up'),
      dropped: idOf('dropped'),
    };
    services.splice(services.indexOf(a), 1);
    await a.close();

    // A is down: B answers one and cancels another; nobody can write A's files yet.
    await b.broker.answerShared(ids.whileDown, { text: 'shipped' }, 'ui', { operator: 'bob' });
    await b.broker.cancelShared(ids.dropped, { by: 'ui', reason: 'not needed' });
    expect(existsSync(path.join(dirA, 'while-down.answer'))).toBe(false);

    const a2 = await instance(url, 'file-a');
    // The answer given while A was down reaches the runtime's file; the cancelled question is removed.
    await until(() => existsSync(path.join(dirA, 'while-down.answer')));
    expect(await readFile(path.join(dirA, 'while-down.answer'), 'utf8')).toBe('shipped');
    await until(() => !existsSync(path.join(dirA, 'dropped.question')));
    // The one still pending is the same request, followed again (not refused as a duplicate key).
    expect(a2.broker.findPending('clarity-file', 'after-up')?.id).toBe(ids.afterUp);
    expect(a2.broker.unreadable.list()).toEqual([]);
    expect(a2.broker.pending().map((r) => r.key)).toEqual(['after-up']);
    await b.broker.answerShared(ids.afterUp, { text: 'later' }, 'ui', { operator: 'bob' });
    await until(() => existsSync(path.join(dirA, 'after-up.answer')));
    expect(await readFile(path.join(dirA, 'after-up.answer'), 'utf8')).toBe('later');
    // Nothing was asked twice: one record per question in the shared history.
    expect(b.broker.resolved().filter((r) => r.key === 'after-up')).toHaveLength(1);
  });

  it('a Tool Server Lite execute held on A is released by complete on B; concurrent completes: one wins', async () => {
    const [a, b] = await team(['host-a', 'host-b']);
    const execute = (hilId: string) =>
      post(`${a!.url}api/tool/execute`, {
        task_id: '/job',
        tool_name: 'human_in_loop',
        params: { hil_id: hilId, instruction: 'Upload the data file' },
      });
    const held = execute('HIL-1');
    await until(() => b!.broker.findPending('tool-server-lite', 'HIL-1'));
    const done = await post(`${b!.url}api/hil/complete/HIL-1`, { result: 'uploaded' }, 'bob-token');
    expect(done.status).toBe(200);
    const released = await held;
    expect(released.status).toBe(200);
    expect(JSON.stringify(await released.json())).toContain('uploaded');
    expect(a!.broker.resolved().find((r) => r.key === 'HIL-1')).toMatchObject({
      status: 'answered',
      operator: 'bob',
      resolvedOn: 'host-b',
    });

    // Completed on A and cancelled on B at once: exactly one outcome, the other side hears 409.
    const second = execute('HIL-2');
    await until(() => b!.broker.findPending('tool-server-lite', 'HIL-2'));
    const outcomes = await Promise.all([
      post(`${a!.url}api/hil/complete/HIL-2`, { result: 'from A' }),
      post(`${b!.url}api/hil/cancel/HIL-2`, { reason: 'from B' }, 'bob-token'),
    ]);
    expect(outcomes.map((r) => r.status).sort()).toEqual([200, 409]);
    const body = JSON.stringify(await (await second).json());
    expect(outcomes[0]!.status === 200 ? body.includes('from A') : body.includes('from B')).toBe(
      true,
    );
  });

  it('a deadline is decided once: every instance shows the same expiry record', async () => {
    const [a, b] = await team(['host-a', 'host-b']);
    const request = a!.broker.add({
      source: 'clarity-http',
      key: 'soon',
      prompt: 'Quick?',
      expiresAt: Date.now() + 400,
    });
    const onA = a!.broker.waitForResolution(request.id);
    await until(() => b!.broker.get(request.id));
    const expired = await onA;
    expect(expired.status).toBe('expired');
    const onB = await until(() =>
      b!.broker.get(request.id)?.status === 'expired' ? b!.broker.get(request.id) : undefined,
    );
    // Both clocks fired; one claim won and both instances hold its record, not one each.
    expect(onB).toMatchObject({ resolvedOn: expired.resolvedOn, resolvedAt: expired.resolvedAt });
  });

  it('an MCP ask held on A is answered on B; a withdrawal racing an answer: both instances agree', async () => {
    const [a, b] = await team(['host-a', 'host-b']);
    const held = post(`${a!.url}api/mcp/ask`, { question: 'Which region?', handle: 'mcp-q1' });
    const onB = await until(() => b!.broker.findPending('mcp', 'mcp-q1'));
    const answered = await post(
      `${b!.url}api/requests/${onB.id}/answer`,
      { text: 'eu-west' },
      'bob-token',
    );
    expect(answered.status).toBe(200);
    const reply = await held;
    expect(reply.status).toBe(200);
    expect(JSON.stringify(await reply.json())).toContain('eu-west');

    // The agent withdraws on A while B answers: one of them wins, and both instances agree.
    for (let round = 2; round <= 6; round++) {
      const handle = `mcp-q${round}`;
      const asked = post(`${a!.url}api/mcp/ask?wait=30`, { question: 'Proceed?', handle });
      const q = await until(() => b!.broker.findPending('mcp', handle));
      await Promise.all([
        b!.broker.answerShared(q.id, { text: 'yes' }, 'ui', { operator: 'bob' }).catch(() => null),
        post(`${a!.url}api/mcp/asks/${handle}/cancel`, {}),
      ]);
      await asked;
      const settled = (s: BrokerService) =>
        s.broker.get(q.id)?.status === 'pending' ? undefined : s.broker.get(q.id);
      const onA = await until(() => settled(a!));
      const onB = await until(() => settled(b!));
      expect(onA).toMatchObject({ status: onB.status, resolvedOn: onB.resolvedOn });
    }
  });

  it("a cueme agent's cue held on A is released by an answer on B (HAP)", async () => {
    const [a, b] = await team(['host-a', 'host-b']);
    const joined = (await (
      await post(`${a!.url}api/cueme/join`, { agent_runtime: 'codex' })
    ).json()) as { agent_id: string };
    const held = post(`${a!.url}api/cueme/cue`, {
      agent_id: joined.agent_id,
      prompt: 'Deploy now?',
    });
    const onB = await until(() => b!.broker.pending().find((r) => r.source === 'cueme'));
    const res = await post(
      `${b!.url}api/requests/${onB.id}/answer`,
      { text: 'after lunch' },
      'bob-token',
    );
    expect(res.status).toBe(200);
    const reply = await held;
    expect(reply.status).toBe(200);
    expect(JSON.stringify(await reply.json())).toContain('after lunch');
    expect(a!.broker.get(onB.id)).toMatchObject({
      status: 'answered',
      operator: 'bob',
      resolvedOn: 'host-b',
    });
  });

  it('refuses a request without one of the tokens', async () => {
    const [a] = await team(['host-a']);
    expect((await fetch(`${a!.url}api/requests`)).status).toBe(401);
    const wrong = await fetch(`${a!.url}api/requests`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(401);
  });

  it('writes the answer file on A when a file-handshake question is answered on B', async () => {
    const [a, b] = await team(['host-a', 'host-b']);
    const dir = a!.watched.dirs[0]!;
    await writeFile(
      path.join(dir, 'review.question'),
      JSON.stringify({ key: 'review', question: 'OK?', timestamp: Date.now(), pid: 1 }),
    );
    const onB = await until(() => b!.broker.pending().find((r) => r.key === 'review'));
    const res = await post(`${b!.url}api/requests/${onB.id}/answer`, { text: 'ship it' });
    expect(res.status).toBe(200);
    await until(() => existsSync(path.join(dir, 'review.answer')));
    expect(await readFile(path.join(dir, 'review.answer'), 'utf8')).toBe('ship it');
  });

  it('lets exactly one of concurrent answers win', async () => {
    const [a, b, c] = await team(['host-a', 'host-b', 'host-c']);
    const ids = Array.from(
      { length: 20 },
      (_, i) => a!.broker.add({ source: 'clarity-http', key: `race-${i}`, prompt: 'Go?' }).id,
    );
    await until(() => ids.every((id) => b!.broker.get(id) && c!.broker.get(id)));
    for (const id of ids) {
      const results = await Promise.allSettled(
        [a!, b!, c!].map((s, n) => s.broker.answerShared(id, { text: `from ${n}` })),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const lost of results.filter((r) => r.status === 'rejected'))
        expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(AlreadyResolvedError);
      const winner = (won[0] as PromiseFulfilledResult<{ answer?: { text: string } }>).value;
      await until(() =>
        [a!, b!, c!].every((s) => s.broker.get(id)?.answer?.text === winner.answer?.text),
      );
    }
  });

  it('lets one of two Clarity /answer calls on different instances win; the other gets 409', async () => {
    const [a, b] = await team(['host-a', 'host-b']);
    const request = a!.broker.add({ source: 'clarity-http', key: 'pick', prompt: 'Which?' });
    await until(() => b!.broker.get(request.id));
    const replies = await Promise.all([
      post(`${a!.url}answer`, { key: 'pick', response: 'one' }, 'alice-token'),
      post(`${b!.url}answer`, { key: 'pick', response: 'two' }, 'bob-token'),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = replies.find((r) => r.status === 409)!;
    expect(await loser.text()).toMatch(/already answered by (alice on host-a|bob on host-b)/);
  });

  it('loses nothing when the database restarts mid-run', async () => {
    const [a, b] = await team(['host-a', 'host-b']);
    const before = a!.broker.add({ source: 'clarity-http', key: 'before', prompt: '1' });
    await until(() => b!.broker.get(before.id));
    server.stop();
    const during = a!.broker.add({ source: 'clarity-http', key: 'during', prompt: '2' });
    a!.broker.answer(before.id, { text: 'while down' });
    server.start();
    await until(() => b!.broker.get(during.id), 15_000);
    await until(() => b!.broker.get(before.id)?.status === 'answered', 15_000);
    expect(b!.broker.get(before.id)?.answer?.text).toBe('while down');
  }, 30_000);
});
