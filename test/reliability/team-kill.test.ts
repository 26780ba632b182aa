import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../main/service/broker-service';
import { until } from '../main/http/helpers';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from '../support/postgres';
import { startServe, type ServeProcess } from './helpers/serve-process';

const skip = postgresSkipReason();
if (skip) console.log(skip);

const json = { 'content-type': 'application/json' };

describe.skipIf(skip !== undefined)('team mode: kill -9 one instance under load', () => {
  let server: TestPostgres;
  let root: string;
  let b: BrokerService | undefined;
  let a: ServeProcess | undefined;

  beforeAll(async () => {
    server = await startTestPostgres();
    root = await mkdtemp(path.join(os.tmpdir(), 'hitl-team-kill-'));
  }, 60_000);
  afterAll(async () => {
    await a?.stop().catch(() => {});
    await b?.close();
    server?.destroy();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("keeps the killed instance's requests answerable from the other, and its agents' polls resume", async () => {
    const url = server.createDatabase('kill');
    const serveArgs = ['--store', url, '--instance-name', 'host-a', '--no-cue-db'];
    const aDirs = { dir: path.join(root, 'a-dir'), stateDir: path.join(root, 'a-state') };
    a = await startServe({ ...aDirs, args: serveArgs });
    b = await startBrokerService({
      port: 0,
      stateDir: path.join(root, 'b-state'),
      dirs: [path.join(root, 'b-dir')],
      rendererDir: null,
      store: url,
      instanceName: 'host-b',
    });
    // Agents keep asking on A while it is killed.
    const acknowledged: string[] = [];
    let stop = false;
    const load = (async () => {
      for (let i = 0; !stop; i += 1) {
        const key = `job-${i}`;
        const res = await fetch(`${a!.url}/questions`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ key, question: `Run ${key}?` }),
        }).catch(() => undefined);
        if (!res) break;
        if (res.ok) acknowledged.push(key);
      }
    })();
    await until(() => acknowledged.length >= 40 && b!.broker.pendingCount >= 20, 20_000);
    await a.kill9();
    stop = true;
    await load;
    const seenOnB = b.broker.pending().filter((r) => r.source === 'clarity-http');
    expect(seenOnB.length).toBeGreaterThan(0);
    // Every request B had seen is still answerable there, and the agent's poll (on B) sees it.
    for (const request of seenOnB) {
      const res = await fetch(`${b.url}answer`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ key: request.key, response: 'yes' }),
      });
      expect(res.status).toBe(200);
    }
    // A restarted on its state dir: what it acknowledged but had not yet written is written now.
    a = await startServe({ ...aDirs, args: serveArgs });
    await until(() => acknowledged.every((key) => b!.broker.findByKey(key)), 20_000);
    for (const key of acknowledged.slice(0, 10)) {
      const poll = await fetch(`${a.url}/questions/${key}`);
      const body = (await poll.json()) as { status: string };
      const answeredOnB = seenOnB.some((r) => r.key === key);
      expect(body.status).toBe(answeredOnB ? 'answered' : 'pending');
    }
  }, 90_000);
});
