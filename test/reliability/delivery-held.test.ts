import { afterEach, describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { request, type HttpResponse } from '../support/load/http-client';
import { waitUntil } from '../support/load/temp';
import { startServe, type ServeProcess } from './helpers/serve-process';
import { TempDirs } from './helpers/temp-dirs';

const temp = new TempDirs();
const running: ServeProcess[] = [];
afterEach(async () => {
  for (const serve of running.splice(0)) await serve.kill9();
  await temp.cleanup();
});

async function serveFresh(stateDir?: string): Promise<{ serve: ServeProcess; stateDir: string }> {
  const dir = await temp.make('held-dir');
  const state = stateDir ?? (await temp.make('held-state'));
  const serve = await startServe({ dir, stateDir: state, built: true });
  running.push(serve);
  return { serve, stateDir: state };
}

const json = <T>(res: HttpResponse) => res.json as T;

async function pendingWith(serve: ServeProcess, key: string): Promise<HitlRequest> {
  let found: HitlRequest | undefined;
  await waitUntil(async () => {
    const res = await request(`${serve.url}/api/requests`, { headers: serve.operator });
    found = json<{ requests: HitlRequest[] }>(res).requests.find((r) => r.key === key);
    return found !== undefined;
  }, `${key} pending`);
  return found!;
}

async function answer(serve: ServeProcess, id: string, text: string): Promise<void> {
  const res = await request(`${serve.url}/api/requests/${id}/answer`, {
    body: { text },
    headers: serve.operator,
  });
  expect(res.status, res.text).toBe(200);
}

async function deliveryOf(serve: ServeProcess, id: string) {
  const res = await request(`${serve.url}/api/history?limit=5000`, { headers: serve.operator });
  return json<{ requests: HitlRequest[] }>(res).requests.find((r) => r.id === id)?.delivery;
}

async function undelivered(serve: ServeProcess): Promise<HitlRequest[]> {
  const res = await request(`${serve.url}/api/undelivered`, { headers: serve.operator });
  return json<{ requests: HitlRequest[] }>(res).requests;
}

const QF = '/api/questfoundry/questions';
const qfQuestion = (id: string) => ({
  protocol: 'questfoundry/1.0',
  id,
  sender: 'showrunner',
  receiver: 'human',
  intent: 'human.question',
  context: { correlation_id: `corr-${id}` },
  payload: { type: 'question', data: { question_text: `Go ${id}?` } },
});

describe('held and polled protocols report delivery when their agent receives the answer (the built CLI)', () => {
  it('MCP ask, cueme cue and a held QuestFoundry question: delivered once their held reply is sent', async () => {
    const { serve } = await serveFresh();
    const mcp = request(`${serve.url}/api/mcp/ask`, {
      body: { question: 'MCP?', handle: 'mcp-1' },
    });
    const joined = json<{ agent_id: string }>(
      await request(`${serve.url}/api/cueme/join`, { body: { agent_runtime: 'claude_code' } }),
    );
    const cue = request(`${serve.url}/api/cueme/cue`, {
      body: { agent_id: joined.agent_id, prompt: 'Cue?' },
    });
    const qf = request(`${serve.url}${QF}`, { body: qfQuestion('qf-1') });
    const asked = [
      await pendingWith(serve, 'mcp-1'),
      (await request(`${serve.url}/api/requests`, { headers: serve.operator }).then((r) =>
        json<{ requests: HitlRequest[] }>(r).requests.find((q) => q.source === 'cueme'),
      ))!,
      await pendingWith(serve, 'qf-1'),
    ];
    for (const r of asked) await answer(serve, r.id, `yes ${r.source}`);
    expect(json<{ text: string }>(await mcp).text).toBe('yes mcp');
    expect(json<{ text: string }>(await cue).text).toBe('yes cueme');
    expect((await qf).status).toBe(200);
    for (const r of asked)
      await waitUntil(
        async () => (await deliveryOf(serve, r.id))?.state === 'delivered',
        `${r.source} delivered`,
      );
    expect(await undelivered(serve)).toEqual([]);
  });

  it('an MCP answer given while nobody waits stays undelivered (API) until wait_for_answer collects it', async () => {
    const { serve } = await serveFresh();
    const first = json<{ status: string }>(
      await request(`${serve.url}/api/mcp/ask?wait=0.2`, {
        body: { question: 'Later?', handle: 'mcp-later' },
      }),
    );
    expect(first.status).toBe('pending');
    const asked = await pendingWith(serve, 'mcp-later');
    await answer(serve, asked.id, 'now');
    expect((await undelivered(serve)).map((r) => [r.id, r.delivery?.state])).toEqual([
      [asked.id, 'awaiting'],
    ]);
    const collected = json<{ text: string }>(
      await request(`${serve.url}/api/mcp/asks/mcp-later?wait=1`),
    );
    expect(collected.text).toBe('now');
    await waitUntil(
      async () => (await deliveryOf(serve, asked.id))?.state === 'delivered',
      'delivered',
    );
  });

  it('a polled QuestFoundry answer survives kill -9 undelivered and is delivered by the poll after the restart', async () => {
    const { serve, stateDir } = await serveFresh();
    const accepted = await request(`${serve.url}${QF}?wait=0`, { body: qfQuestion('qf-poll') });
    expect(accepted.status).toBe(202);
    const asked = await pendingWith(serve, 'qf-poll');
    await answer(serve, asked.id, 'polled answer');
    await serve.kill9();
    const { serve: again } = await serveFresh(stateDir);
    expect((await undelivered(again)).map((r) => r.id)).toEqual([asked.id]);
    const poll = await request(`${again.url}${QF}/qf-poll`);
    expect(poll.status).toBe(200);
    expect(poll.text).toContain('polled answer');
    await waitUntil(
      async () => (await deliveryOf(again, asked.id))?.state === 'delivered',
      'delivered',
    );
    expect(await undelivered(again)).toEqual([]);
  });
});
