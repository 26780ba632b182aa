import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackAgent, mapLimit, request, type HttpResponse } from '../support/load/http-client';
import type { BrokerServiceHandle } from '../support/load/project';
import { startServiceInProcess } from '../support/load/service';
import { AlreadyResolvedError } from '../../main/broker/errors';
import { TempDirs } from './helpers/temp-dirs';

const REQUESTS = Number(process.env.RACE_REQUESTS ?? 200);
const temp = new TempDirs();
let service: BrokerServiceHandle;
const agent = loopbackAgent();

beforeAll(async () => {
  service = await startServiceInProcess({ dirs: [await temp.make('races')] });
});
afterAll(async () => {
  agent.destroy();
  await service?.close();
  await temp.cleanup();
});

type Attempt = {
  kind: 'answer' | 'cancel' | 'expire';
  text?: string;
  res?: HttpResponse;
  expired?: boolean;
  error?: unknown;
};

describe('races: answer, cancel and expiry of the same request at once', () => {
  it(`resolve each of ${REQUESTS} requests exactly once; every client hears the truth`, async () => {
    const resolutions = new Map<string, number>();
    const unsubscribe = service.broker.subscribe((e) => {
      if (e.type === 'answered' || e.type === 'cancelled' || e.type === 'expired')
        resolutions.set(e.request.id, (resolutions.get(e.request.id) ?? 0) + 1);
    });
    const keys = Array.from({ length: REQUESTS }, (_, i) => `race-${i}`);
    const winners: Record<string, number> = { answer: 0, cancel: 0, expire: 0 };
    await mapLimit(keys, 4, async (key, i) => {
      const created = await request(`${service.url}/questions`, {
        body: { key, question: 'race?' },
        agent,
      });
      expect(created.status).toBe(200);
      const id = (created.json as { id: string }).id;
      const attempts: Array<Promise<Attempt>> = [];
      // The inbox's routes go as the operator (its secret, as the CLI sends it); the spec's as an agent.
      const operator = { authorization: `Bearer ${service.server!.context.operatorSecret}` };
      const post = (kind: Attempt['kind'], path: string, body: unknown, text?: string) =>
        attempts.push(
          request(`${service.url}${path}`, {
            body,
            agent,
            ...(path.startsWith('/api/requests/') ? { headers: operator } : {}),
          }).then((res) => ({ kind, res, text })),
        );
      for (let j = 0; j < 4; j++)
        post('answer', '/answer', { key, response: `clarity ${j}` }, `clarity ${j}`);
      for (let j = 0; j < 3; j++)
        post('answer', `/api/requests/${id}/answer`, { text: `ui ${j}` }, `ui ${j}`);
      for (let j = 0; j < 3; j++) post('cancel', '/cancel', { key });
      for (let j = 0; j < 2; j++) post('cancel', `/api/requests/${id}/cancel`, { reason: 'race' });
      // Expiry fires as the deadline timer would, at a varying moment among the HTTP calls.
      attempts.push(
        new Promise<Attempt>((resolve) =>
          setTimeout(() => {
            try {
              service.broker.expire(id, 'timeout');
              resolve({ kind: 'expire', expired: true });
            } catch (error) {
              resolve({ kind: 'expire', expired: false, error });
            }
          }, i % 8),
        ),
      );
      const results = await Promise.all(attempts);
      // The spec's POST /cancel answers 200 also to a loser (as the reference broker does), with
      // `alreadyResolved: true`; every other route answers a loser 409.
      const lostSpecCancel = (a: Attempt) =>
        a.res?.status === 200 && (a.res.json as { alreadyResolved?: boolean }).alreadyResolved;
      const won = results.filter((a) =>
        a.kind === 'expire' ? a.expired : a.res!.status === 200 && !lostSpecCancel(a),
      );
      expect(won, `${key}: exactly one winner`).toHaveLength(1);
      const winner = won[0]!;
      winners[winner.kind]! += 1;
      for (const loser of results.filter((a) => a !== winner)) {
        if (loser.kind === 'expire') expect(loser.error).toBeInstanceOf(AlreadyResolvedError);
        else if (lostSpecCancel(loser))
          expect((loser.res!.json as { status: string }).status).toBe(
            { answer: 'answered', cancel: 'cancelled', expire: 'expired' }[winner.kind],
          );
        else {
          expect(loser.res!.status, `${key}: ${loser.res!.text}`).toBe(409);
          expect(loser.res!.json).toMatchObject({ error: 'already_resolved' });
        }
      }
      const status = (await request(`${service.url}/questions/${key}`, { agent })).json as {
        status: string;
        response?: string;
      };
      const expected = { answer: 'answered', cancel: 'cancelled', expire: 'expired' }[winner.kind];
      expect(status.status, key).toBe(expected);
      if (winner.kind === 'answer') expect(status.response).toBe(winner.text);
      expect(resolutions.get(id), `${key}: one resolution event`).toBe(1);
    });
    unsubscribe();
    // The race must really be a race: more than one kind of attempt won somewhere.
    expect(
      Object.values(winners).filter((n) => n > 0).length,
      JSON.stringify(winners),
    ).toBeGreaterThan(1);
  });

  it('Tool Server Lite: concurrent complete and cancel release the held execute once, with the winner', async () => {
    for (let n = 0; n < 50; n++) {
      const hil_id = `HIL-race-${n}`;
      const held = request(`${service.url}/api/tool/execute`, {
        body: {
          task_id: '/tmp',
          tool_name: 'human_in_loop',
          params: { hil_id, instruction: 'race', timeout: null },
        },
      });
      await expect
        .poll(
          async () =>
            (
              (await request(`${service.url}/api/hil/${hil_id}`, { agent })).json as {
                status?: string;
              }
            ).status,
        )
        .toBe('waiting');
      const calls = [
        ...Array.from({ length: 3 }, (_, j) =>
          request(`${service.url}/api/hil/complete/${hil_id}`, {
            body: { result: `r${j}` },
            agent,
          }),
        ),
        ...Array.from({ length: 3 }, () =>
          request(`${service.url}/api/hil/cancel/${hil_id}`, { body: { reason: 'race' }, agent }),
        ),
      ];
      const replies = await Promise.all(calls);
      const execute = await held;
      const task = (await request(`${service.url}/api/hil/${hil_id}`, { agent })).json as {
        status: string;
      };
      expect(['completed', 'cancelled']).toContain(task.status);
      const data = (execute.json as { data?: { status?: string; output?: string } }).data ?? {};
      if (task.status === 'completed') expect(data.output, execute.text).toMatch(/r\d/);
      // Exactly one call reports having changed the task; the rest say it was already settled.
      const changed = replies.filter(
        (r) =>
          r.status === 200 &&
          (r.json as { success?: boolean }).success === true &&
          !/already/i.test(r.text),
      );
      expect(changed.length, replies.map((r) => `${r.status} ${r.text}`).join('\n')).toBe(1);
    }
  });
});
