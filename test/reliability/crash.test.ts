import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackAgent, mapLimit, request, type HttpResponse } from '../support/load/http-client';
import { waitUntil } from '../support/load/temp';
import { startServe, type ServeProcess } from './helpers/serve-process';
import { TempDirs } from './helpers/temp-dirs';

/** Total pending requests before the kill: 40 % file, 40 % HTTP mode, 20 % Tool Server Lite held. */
const TOTAL = Number(process.env.CRASH_REQUESTS ?? 1000);
const FILES = Math.floor(TOTAL * 0.4);
const HTTP = Math.floor(TOTAL * 0.4);
const HELD = TOTAL - FILES - HTTP;
const ANSWERED = Math.floor(FILES / 4);

interface Question {
  key: string;
  source: string;
}

const temp = new TempDirs();
const running: ServeProcess[] = [];
afterEach(async () => {
  for (const serve of running.splice(0)) await serve.kill9();
  await temp.cleanup();
});

async function pendingList(url: string, agent = loopbackAgent()): Promise<Question[]> {
  const res = await request(`${url}/questions`, { agent });
  expect(res.status).toBe(200);
  return res.json as Question[];
}

describe('crash: kill -9 with pending requests across protocols, then restart', () => {
  it(`keeps every one of ${TOTAL} pending or correctly resolved, loses no answer, duplicates none`, async () => {
    const dir = await temp.make('crash-dir');
    const stateDir = await temp.make('crash-state');
    const agent = loopbackAgent();
    const first = await startServe({ dir, stateDir });
    running.push(first);

    const fileKeys = Array.from({ length: FILES }, (_, i) => `crash-f-${i}`);
    const httpKeys = Array.from({ length: HTTP }, (_, i) => `crash-h-${i}`);
    const hilIds = Array.from({ length: HELD }, (_, i) => `HIL-crash-${i}`);
    await mapLimit(fileKeys, 32, (key) =>
      writeFile(
        join(dir, `${key}.question`),
        JSON.stringify({ key, question: `File question ${key}`, timestamp: Date.now(), pid: 4242 }),
      ),
    );
    await mapLimit(httpKeys, 16, async (key) => {
      const res = await request(`${first.url}/questions`, {
        body: { key, question: `HTTP question ${key}` },
        agent,
      });
      expect(res.status, res.text).toBe(200);
    });
    const heldOutcomes = hilIds.map((hil_id) =>
      request(`${first.url}/api/tool/execute`, {
        body: {
          task_id: dir,
          tool_name: 'human_in_loop',
          params: { hil_id, instruction: `Held ${hil_id}`, timeout: null },
        },
        timeoutMs: 120_000,
      }).then(
        (res): HttpResponse | Error => res,
        (error: Error) => error,
      ),
    );
    await waitUntil(
      async () => (await pendingList(first.url, agent)).length >= TOTAL,
      `${TOTAL} pending before the kill`,
      120_000,
    );
    const before = await pendingList(first.url, agent);
    expect(before).toHaveLength(TOTAL);

    // Answers given before the kill: a quarter of the file and HTTP questions, a quarter of the held ones.
    const answeredFiles = fileKeys.slice(0, ANSWERED);
    const answeredHttp = httpKeys.slice(0, ANSWERED);
    const completedHeld = hilIds.slice(0, Math.floor(HELD / 4));
    await mapLimit(completedHeld, 16, async (id) => {
      const res = await request(`${first.url}/api/hil/complete/${id}`, {
        body: { result: `done ${id}` },
        agent,
      });
      expect(res.status, res.text).toBe(200);
    });
    const completedResponses = await Promise.all(heldOutcomes.slice(0, completedHeld.length));
    // The kill lands right after the last answer is acknowledged: an acknowledged answer must survive.
    await mapLimit([...answeredFiles, ...answeredHttp], 16, async (key) => {
      const res = await request(`${first.url}/answer`, {
        body: { key, response: `answer for ${key}` },
        agent,
      });
      expect(res.status, res.text).toBe(200);
    });
    await first.kill9();
    agent.destroy();

    // Held callers: the completed ones got their answer; the others got a broken connection, never a fake success.
    for (const [i, outcome] of completedResponses.entries()) {
      expect(outcome, completedHeld[i]).not.toBeInstanceOf(Error);
      expect(((outcome as HttpResponse).json as { success: boolean }).success).toBe(true);
    }
    const rest = await Promise.all(heldOutcomes.slice(completedHeld.length));
    for (const outcome of rest) expect(outcome).toBeInstanceOf(Error);

    // File answers accepted before the kill are on disk, whole.
    for (const key of answeredFiles)
      expect(await readFile(join(dir, `${key}.answer`), 'utf8')).toBe(`answer for ${key}`);

    const second = await startServe({ dir, stateDir });
    running.push(second);
    const agent2 = loopbackAgent();
    const expectedPending = new Set([...fileKeys.slice(ANSWERED), ...httpKeys.slice(ANSWERED)]);
    await waitUntil(
      async () => {
        const keys = new Set((await pendingList(second.url, agent2)).map((q) => q.key));
        return [...expectedPending].every((k) => keys.has(k));
      },
      'the unanswered requests to be pending again',
      120_000,
    );
    const after = await pendingList(second.url, agent2);
    const keys = after.map((q) => q.key);
    expect(new Set(keys).size, 'no duplicate pending request').toBe(keys.length);
    const unexpected = keys.filter((k) => !expectedPending.has(k));
    expect(unexpected, 'answered or hung-up requests are not pending again').toEqual([]);
    expect(keys.length).toBe(expectedPending.size);

    // HTTP-mode answers given before the kill are still answers after it.
    for (const key of answeredHttp) {
      const res = await request(`${second.url}/questions/${key}`, { agent: agent2 });
      expect(res.json, key).toMatchObject({
        key,
        status: 'answered',
        response: `answer for ${key}`,
      });
    }
    // A held caller that reconnects with the same hil_id is served normally.
    const retryId = hilIds[hilIds.length - 1]!;
    const retry = request(`${second.url}/api/tool/execute`, {
      body: {
        task_id: dir,
        tool_name: 'human_in_loop',
        params: { hil_id: retryId, instruction: 'again', timeout: null },
      },
    });
    await waitUntil(
      async () =>
        (
          (await request(`${second.url}/api/hil/${retryId}`, { agent: agent2 })).json as {
            status?: string;
          }
        ).status === 'waiting',
      'the retried task to wait',
    );
    expect(
      (
        await request(`${second.url}/api/hil/complete/${retryId}`, {
          body: { result: 'ok' },
          agent: agent2,
        })
      ).status,
    ).toBe(200);
    expect(((await retry).json as { success: boolean }).success).toBe(true);
    agent2.destroy();
    await second.stop();
  });

  it('keeps QuestFoundry questions accepted with 202 (poll URL) pollable after the restart', async () => {
    const dir = await temp.make('crash-qf-dir');
    const stateDir = await temp.make('crash-qf-state');
    const first = await startServe({ dir, stateDir });
    running.push(first);
    const ids = Array.from({ length: 50 }, (_, i) => `qf-crash-${i}`);
    const envelope = (id: string) => ({
      protocol: 'questfoundry/1.0',
      id,
      sender: 'showrunner',
      receiver: 'human',
      intent: 'human.question',
      payload: {
        type: 'question',
        data: {
          question_text: `Which way for ${id}?`,
          options: [
            { key: 'A', label: 'left' },
            { key: 'B', label: 'right' },
          ],
        },
      },
    });
    for (const id of ids)
      expect(
        (await request(`${first.url}/api/questfoundry/questions?wait=0`, { body: envelope(id) }))
          .status,
      ).toBe(202);
    const answered = ids.slice(0, 10);
    for (const id of answered)
      expect(
        (await request(`${first.url}/answer`, { body: { key: id, response: 'A' } })).status,
      ).toBe(200);
    await first.kill9();
    const second = await startServe({ dir, stateDir });
    running.push(second);
    const outcomes = await Promise.all(
      ids.map(
        async (id) =>
          [id, (await request(`${second.url}/api/questfoundry/questions/${id}`)).status] as const,
      ),
    );
    const lost = outcomes.filter(([id, status]) => status !== (answered.includes(id) ? 200 : 202));
    expect(
      lost.map(([id, status]) => `${id}: ${status}`),
      'accepted questions whose poll URL no longer answers truthfully',
    ).toEqual([]);
    await second.stop();
  });
});
