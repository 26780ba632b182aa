import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../main/service/broker-service';
import { until } from '../main/http/helpers';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from '../support/postgres';

const skip = postgresSkipReason();
if (skip) console.log(skip);

const json = { 'content-type': 'application/json' };

describe.skipIf(skip !== undefined)('team mode: the database restarts under load', () => {
  let server: TestPostgres;
  let root: string;
  const instances: BrokerService[] = [];

  beforeAll(async () => {
    server = await startTestPostgres();
    root = await mkdtemp(path.join(os.tmpdir(), 'hitl-team-db-restart-'));
  }, 60_000);
  afterAll(async () => {
    for (const s of instances.splice(0)) await s.close();
    server?.destroy();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('loses no request and resolves none twice while PostgreSQL stops and starts mid-run', async () => {
    const url = server.createDatabase('restart');
    for (const name of ['host-a', 'host-b'])
      instances.push(
        await startBrokerService({
          port: 0,
          stateDir: path.join(root, name),
          dirs: [],
          rendererDir: null,
          store: url,
          instanceName: name,
        }),
      );
    const [a, b] = instances as [BrokerService, BrokerService];
    // Agents ask on both instances; each question is answered from the other one.
    const asked: { key: string; on: BrokerService; other: BrokerService }[] = [];
    const answered = new Map<string, string>();
    const twice: string[] = [];
    let stop = false;
    const agent = async (on: BrokerService, other: BrokerService, prefix: string) => {
      for (let i = 0; !stop; i += 1) {
        const key = `${prefix}-${i}`;
        const res = await fetch(`${on.url}questions`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ key, question: `Go ${key}?` }),
        });
        if (res.status === 200) asked.push({ key, on, other });
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const operator = async () => {
      while (!stop) {
        const next = asked.find(
          ({ key, other }) => !answered.has(key) && other.broker.findPending('clarity-http', key),
        );
        if (!next) {
          await new Promise((r) => setTimeout(r, 10));
          continue;
        }
        // Answered from both instances at once: exactly one may win.
        const replies = await Promise.all(
          [next.on, next.other].map((s, n) =>
            fetch(`${s.url}answer`, {
              method: 'POST',
              headers: json,
              body: JSON.stringify({ key: next.key, response: `ok ${next.key} ${n}` }),
            }).then((r) => ({ status: r.status, text: `ok ${next.key} ${n}` })),
          ),
        );
        const won = replies.filter((r) => r.status === 200);
        if (won.length > 1) twice.push(next.key);
        if (won.length >= 1) answered.set(next.key, won[0]!.text);
        else if (replies.some((r) => r.status !== 409)) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const load = Promise.all([agent(a, b, 'a'), agent(b, a, 'b'), operator()]);
    await until(() => answered.size >= 20, 20_000);
    server.stop();
    await new Promise((r) => setTimeout(r, 1500));
    server.start();
    const afterRestart = answered.size;
    await until(() => answered.size >= afterRestart + 20, 30_000);
    stop = true;
    await load;

    // Every acknowledged question reaches both instances; every accepted answer is the one both hold.
    await until(
      () => asked.every(({ key }) => a.broker.findByKey(key) && b.broker.findByKey(key)),
      30_000,
    );
    for (const [key, text] of answered) {
      await until(() => [a, b].every((s) => s.broker.findByKey(key)?.status === 'answered'));
      for (const s of [a, b]) expect(s.broker.findByKey(key)?.answer?.text).toBe(text);
    }
    expect(twice).toEqual([]);
    const ids = new Set(asked.map(({ key }) => a.broker.findByKey(key)!.id));
    expect(ids.size).toBe(asked.length);
  }, 120_000);
});
