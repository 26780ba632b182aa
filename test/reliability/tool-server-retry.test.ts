import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../main/service/broker-service';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from '../support/postgres';
import { waitFor } from '../support/wait-for';

const skip = postgresSkipReason();
if (skip) console.log(skip);

let root: string | undefined;
const running: BrokerService[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

async function start(name: string, store?: string): Promise<BrokerService> {
  root ??= await mkdtemp(path.join(os.tmpdir(), 'hitl-ts-retry-'));
  const s = await startBrokerService({
    dirs: [],
    port: 0,
    stateDir: path.join(root, name),
    rendererDir: null,
    token: '',
    ...(store ? { store, instanceName: name } : {}),
  });
  running.push(s);
  return s;
}

async function post(s: BrokerService, route: string, body: unknown) {
  const reply = await fetch(new URL(route, s.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${s.server.context.operatorSecret}`,
    },
    body: JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
}

const EXECUTE = {
  tool_name: 'human_in_loop',
  params: { hil_id: 'deploy-1', instruction: 'Deploy now?' },
};

describe('a Tool Server execute retried after its waiter died', () => {
  describe.skipIf(skip !== undefined)('team mode', () => {
    let server: TestPostgres;
    afterAll(() => server?.destroy());

    /** A on B's database holds an execute, then stops (503: call again). */
    async function heldOnAStopped(): Promise<BrokerService> {
      server ??= await startTestPostgres();
      const url = server.createDatabase(`ts_retry_${running.length}_${Date.now() % 100000}`);
      const a = await start('host-a', url);
      const b = await start('host-b', url);
      const held = post(a, '/api/tool/execute', EXECUTE);
      await waitFor(() => b.broker.pending().length === 1, 'the request on B');
      running.splice(running.indexOf(a), 1);
      await a.close();
      expect((await held).status).toBe(503);
      return b;
    }

    it('completed on B meanwhile: the retry on B gets that completion at once, and only once', async () => {
      const b = await heldOnAStopped();
      expect((await post(b, '/api/hil/complete/deploy-1', { result: 'from B' })).status).toBe(200);
      const { body } = await post(b, '/api/tool/execute', EXECUTE);
      expect(body).toMatchObject({ success: true });
      expect(JSON.stringify(body.data)).toContain('from B');
      expect(b.broker.pending()).toEqual([]);
      // Returned once: the same call again is a new question.
      const again = post(b, '/api/tool/execute', EXECUTE);
      await waitFor(() => b.broker.pending().length === 1, 'a new question');
      await post(b, '/api/hil/cancel/deploy-1', { reason: 'enough' });
      expect(JSON.stringify((await again).body)).toContain('enough');
    }, 120_000);

    it('still pending: the retry on B waits on the same request (not "already waiting") and gets its completion', async () => {
      const b = await heldOnAStopped();
      const [request] = b.broker.pending();
      const retry = post(b, '/api/tool/execute', EXECUTE);
      const first = await Promise.race([retry, new Promise((r) => setTimeout(r, 500, 'held'))]);
      expect(first).toBe('held');
      expect((await post(b, '/api/hil/complete/deploy-1', { result: 'go' })).status).toBe(200);
      const { body } = await retry;
      expect(JSON.stringify(body.data)).toContain('go');
      expect(b.broker.get(request!.id)?.status).toBe('answered');
      expect(b.broker.resolved().filter((r) => r.key === 'deploy-1')).toHaveLength(1);
    }, 120_000);
  });
});
