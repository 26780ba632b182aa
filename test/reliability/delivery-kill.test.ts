import { randomInt } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { mapLimit, request, type HttpResponse } from '../support/load/http-client';
import { waitUntil } from '../support/load/temp';
import { startServe, type ServeProcess } from './helpers/serve-process';
import { TempDirs } from './helpers/temp-dirs';
import { COMPLETED_PREFIX } from '../../main/adapters/tool-server-lite/execute-response';

/** Rounds of: ask, answer everything at once, kill -9 at a random moment, restart, check. */
const ROUNDS = Number(process.env.DELIVERY_KILL_ROUNDS ?? 4);
const FILES = 20;
const HTTP = 20;
const HELD = 6;

const temp = new TempDirs();
const running: ServeProcess[] = [];
afterEach(async () => {
  for (const serve of running.splice(0)) await serve.kill9();
  await temp.cleanup();
});

interface Asked {
  key: string;
  kind: 'file' | 'http' | 'held';
}

async function serveOn(dir: string, stateDir: string): Promise<ServeProcess> {
  const serve = await startServe({
    dir,
    stateDir,
    built: true,
    args: ['--log', join(stateDir, 'audit.jsonl')],
  });
  running.push(serve);
  return serve;
}

const json = <T>(res: HttpResponse) => res.json as T;

async function inbox(serve: ServeProcess): Promise<HitlRequest[]> {
  const res = await request(`${serve.url}/api/requests`, { headers: serve.operator });
  return json<{ requests: HitlRequest[] }>(res).requests;
}

function execute(serve: ServeProcess, dir: string, key: string): Promise<HttpResponse | Error> {
  return request(`${serve.url}/api/tool/execute`, {
    body: {
      task_id: dir,
      tool_name: 'human_in_loop',
      params: { hil_id: key, instruction: `Held ${key}`, timeout: null },
    },
    timeoutMs: 60_000,
  }).catch((error: Error) => error);
}

/** Each held execute's latest call: the first one, or the agent's retry after a kill. */
const heldCalls = new Map<string, Promise<HttpResponse | Error>>();

/** The answer in an execute's reply, if it carries one. */
function executeAnswer(res: HttpResponse | Error): string | undefined {
  if (res instanceof Error || res.status !== 200) return undefined;
  const output = json<{ success?: boolean; data?: { output?: string } }>(res).data?.output ?? '';
  return output.startsWith(COMPLETED_PREFIX) ? output.slice(COMPLETED_PREFIX.length) : undefined;
}

/**
 * A Tool Server agent whose held execute died with the broker calls again (same hil_id and
 * instruction), as InfiAgent's client does; one that got its answer does not.
 */
async function retryHeld(serve: ServeProcess, dir: string, asked: Asked[]): Promise<string[]> {
  const retried: string[] = [];
  for (const { key, kind } of asked) {
    if (kind !== 'held') continue;
    const first = await Promise.race([heldCalls.get(key)!, Promise.resolve('running' as const)]);
    if (first !== 'running' && executeAnswer(first) !== undefined) continue;
    heldCalls.set(key, execute(serve, dir, key));
    retried.push(key);
  }
  return retried;
}

/** Asks one round's questions: file questions, HTTP-mode questions, held Tool Server executes. */
async function ask(serve: ServeProcess, dir: string, round: number): Promise<Asked[]> {
  const asked: Asked[] = [
    ...Array.from({ length: FILES }, (_, i) => ({ key: `r${round}-f${i}`, kind: 'file' as const })),
    ...Array.from({ length: HTTP }, (_, i) => ({ key: `r${round}-h${i}`, kind: 'http' as const })),
    ...Array.from({ length: HELD }, (_, i) => ({
      key: `HIL-r${round}-${i}`,
      kind: 'held' as const,
    })),
  ];
  await mapLimit(asked, 16, async ({ key, kind }) => {
    if (kind === 'file')
      await writeFile(join(dir, `${key}.question`), JSON.stringify({ key, question: `Q ${key}` }));
    else if (kind === 'http')
      await request(`${serve.url}/questions`, { body: { key, question: `Q ${key}` } });
    else heldCalls.set(key, execute(serve, dir, key));
  });
  await waitUntil(
    async () => (await inbox(serve)).length >= asked.length,
    `${asked.length} asked`,
    60_000,
  );
  return asked;
}

/** Answers every pending one at once; resolves with the answers the broker acknowledged. */
async function answerAll(serve: ServeProcess, round: number): Promise<Map<string, string>> {
  const acknowledged = new Map<string, string>();
  await mapLimit(await inbox(serve), 24, async (r) => {
    const text = `answer ${r.key} (${round})`;
    const res = await request(`${serve.url}/api/requests/${r.id}/answer`, {
      body: { text },
      headers: serve.operator,
    }).catch(() => undefined);
    if (res?.status === 200) acknowledged.set(r.key, text);
  });
  return acknowledged;
}

/** What the agent of `asked` receives now (its file, its poll, its retried execute). */
async function received(
  serve: ServeProcess,
  dir: string,
  asked: Asked,
): Promise<string | undefined> {
  if (asked.kind === 'file')
    return readFile(join(dir, `${asked.key}.answer`), 'utf8').catch(() => undefined);
  if (asked.kind === 'http') {
    const res = await request(`${serve.url}/questions/${encodeURIComponent(asked.key)}`);
    const status = json<{ status: string; response?: string }>(res);
    return status.status === 'answered' ? status.response : undefined;
  }
  return executeAnswer(await heldCalls.get(asked.key)!);
}

describe('kill -9 at random moments while answers are being delivered (the built CLI)', () => {
  it(`over ${ROUNDS} rounds: nothing acknowledged is lost or re-asked, each answer reaches its agent once`, async () => {
    const dir = await temp.make('kill-dir');
    const stateDir = await temp.make('kill-state');
    const all: Asked[] = [];
    const expected = new Map<string, string>();
    let serve = await serveOn(dir, stateDir);
    let acknowledgedBeforeKill = 0;
    let killedAfterMs = 0;
    let undeliveredAtStart = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const asked = await ask(serve, dir, round);
      all.push(...asked);
      const answering = answerAll(serve, round);
      const delay = randomInt(5, 250);
      killedAfterMs += delay;
      await new Promise((resolve) => setTimeout(resolve, delay));
      await serve.kill9();
      for (const [key, text] of await answering) expected.set(key, text);
      acknowledgedBeforeKill += (await answering).size;

      serve = await serveOn(dir, stateDir);
      const roundKeys = new Set(asked.map((a) => a.key));
      undeliveredAtStart += json<{ requests: HitlRequest[] }>(
        await request(`${serve.url}/api/undelivered`, { headers: serve.operator }),
      ).requests.filter((r) => roundKeys.has(r.key)).length;
      const retried = await retryHeld(serve, dir, asked);
      // A retried execute re-attaches: to its answer (settles at once), or to a pending request.
      await waitUntil(
        async () => {
          const pending = new Set((await inbox(serve)).map((r) => r.key));
          const settled = await Promise.all(
            retried.map((key) =>
              Promise.race([heldCalls.get(key)!.then(() => true), Promise.resolve(false)]),
            ),
          );
          return retried.every((key, i) => settled[i] || pending.has(key));
        },
        'the retried executes re-attached',
        30_000,
      );
      // Never re-asked: no acknowledged answer's question is pending again.
      const pendingNow = await inbox(serve);
      expect(pendingNow.filter((r) => expected.has(r.key)).map((r) => r.key)).toEqual([]);
      // Answers the kill cut off before they were acknowledged may or may not have been taken:
      // whatever is still pending is answered now.
      const late = await answerAll(serve, round);
      for (const [key, text] of late) expected.set(key, text);
      for (const [key, text] of await answerAllStored(serve, asked, expected))
        expected.set(key, text);
    }

    // Every agent receives exactly the answer the broker acknowledged.
    for (const asked of all) {
      await waitUntil(
        async () => (await received(serve, dir, asked)) === expected.get(asked.key),
        `${asked.kind} ${asked.key} receives ${expected.get(asked.key)}`,
        30_000,
      );
    }
    // Each delivered: nothing left undelivered, every answer's delivery is `delivered`.
    await waitUntil(
      async () =>
        json<{ requests: HitlRequest[] }>(
          await request(`${serve.url}/api/undelivered`, { headers: serve.operator }),
        ).requests.length === 0,
      'nothing undelivered',
      30_000,
    );
    const history = json<{ requests: HitlRequest[] }>(
      await request(`${serve.url}/api/history?limit=5000`, { headers: serve.operator }),
    ).requests;
    const ours = history.filter((r) => expected.has(r.key));
    expect(ours).toHaveLength(all.length);
    expect(ours.filter((r) => r.delivery?.state !== 'delivered').map((r) => r.key)).toEqual([]);
    await serve.stop();
    // The audit log never says delivered twice (a kill may lose its last lines, never add one).
    const lines = (await readFile(join(stateDir, 'audit.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { event: string; id: string });
    const delivered = new Map<string, number>();
    for (const line of lines)
      if (line.event === 'delivered') delivered.set(line.id, (delivered.get(line.id) ?? 0) + 1);
    expect([...delivered.values()].filter((n) => n > 1)).toEqual([]);
    console.log(
      `delivery kill -9: ${ROUNDS} rounds, ${all.length} questions (${FILES}/${HTTP}/${HELD} file/HTTP/held per round), ` +
        `${acknowledgedBeforeKill} answers acknowledged before a kill, ${undeliveredAtStart} of them undelivered at the restart (retried then or collected later), mean kill ${Math.round(killedAfterMs / ROUNDS)} ms after answering began; ` +
        `${ours.length} delivered, ${delivered.size} 'delivered' audit lines, 0 twice, 0 re-asked, 0 lost`,
    );
  });
});

/** Answers the kill interrupted after the broker took them: the stored text is the expected one. */
async function answerAllStored(
  serve: ServeProcess,
  asked: Asked[],
  expected: Map<string, string>,
): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  const history = json<{ requests: HitlRequest[] }>(
    await request(`${serve.url}/api/history?limit=5000`, { headers: serve.operator }),
  ).requests;
  const keys = new Set(asked.map((a) => a.key));
  for (const r of history)
    if (keys.has(r.key) && !expected.has(r.key) && r.status === 'answered')
      stored.set(r.key, r.answer?.text ?? '');
  return stored;
}
