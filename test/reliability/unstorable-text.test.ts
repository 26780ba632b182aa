import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../main/service/broker-service';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from '../support/postgres';
import { waitFor } from '../support/wait-for';

const skip = postgresSkipReason();
if (skip) console.log(skip);

const json = { 'content-type': 'application/json' };

async function post(service: BrokerService, route: string, body: unknown) {
  const operator = { authorization: `Bearer ${service.server.context.operatorSecret}` };
  const reply = await fetch(`${service.url}${route}`, {
    method: 'POST',
    headers: { ...json, ...operator },
    body: JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
}

/** NUL and an unpaired surrogate, in each field of the spec's two routes. */
const CASES = [
  {
    what: 'a NUL in the question',
    route: 'questions',
    body: { key: 'q', question: 'a\u0000b' },
    field: 'question',
  },
  {
    what: 'a NUL in the key',
    route: 'questions',
    body: { key: 'k\u0000', question: 'ok?' },
    field: 'key',
  },
  {
    what: 'an unpaired surrogate in the question',
    route: 'questions',
    body: { key: 'q', question: 'a\ud800b' },
    field: 'question',
  },
  {
    what: 'a NUL in the answer',
    route: 'answer',
    body: { key: 'pending', response: 'yes\u0000' },
    field: 'response',
  },
  {
    what: 'an unpaired surrogate in the answer',
    route: 'answer',
    body: { key: 'pending', response: '\udc00' },
    field: 'response',
  },
] as const;

/** The same rule on every instance: refused with a 400 naming the field; nothing asked, nothing answered. */
async function expectRefusals(on: BrokerService, others: BrokerService[]) {
  await post(on, 'questions', { key: 'pending', question: 'Still pending?' });
  for (const other of others)
    await waitFor(
      () => other.broker.findPending('clarity-http', 'pending'),
      'the question everywhere',
    );
  for (const c of CASES) {
    const reply = await post(on, c.route, c.body);
    expect(reply.status, c.what).toBe(400);
    expect(reply.body, c.what).toMatchObject({ error: 'invalid', field: c.field });
    expect(String(reply.body.message), c.what).toMatch(/NUL|surrogate/);
  }
  for (const service of [on, ...others]) {
    expect(service.broker.pending().map((r) => r.key)).toEqual(['pending']);
    expect(service.broker.resolved()).toEqual([]);
  }
  // The request refused nothing else: it is still answered normally.
  expect((await post(on, 'answer', { key: 'pending', response: 'fine' })).status).toBe(200);
}

describe('text PostgreSQL cannot store (NUL, unpaired surrogates): one rule in local and team mode', () => {
  let root: string;
  const instances: BrokerService[] = [];
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'hitl-unstorable-'));
  });
  afterAll(async () => {
    for (const s of instances.splice(0)) await s.close();
    await rm(root, { recursive: true, force: true });
  });

  it('local mode: refused at the boundary with a 400 naming the field', async () => {
    const local = await startBrokerService({
      port: 0,
      stateDir: path.join(root, 'local'),
      dirs: [],
      rendererDir: null,
    });
    instances.push(local);
    await expectRefusals(local, []);
  });

  describe.skipIf(skip !== undefined)('team mode', () => {
    let server: TestPostgres;
    beforeAll(async () => {
      server = await startTestPostgres();
    }, 60_000);
    afterAll(() => server?.destroy());

    it('refused the same on each instance (never 201 on one and absent on the other, never a 500)', async () => {
      const url = server.createDatabase('unstorable');
      const team: BrokerService[] = [];
      for (const name of ['host-a', 'host-b'])
        team.push(
          await startBrokerService({
            port: 0,
            stateDir: path.join(root, name),
            dirs: [],
            rendererDir: null,
            store: url,
            instanceName: name,
          }),
        );
      instances.push(...team);
      await expectRefusals(team[0]!, [team[1]!]);
    });
  });
});
