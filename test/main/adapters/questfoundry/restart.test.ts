import { cpSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RequestStore } from '../../../../main/broker/persistence/request-store';
import { questfoundryRoutes } from '../../../../main/http/routes/questfoundry';
import {
  getJson,
  postJson,
  startProtocolApp,
  until,
  type ProtocolTestApp,
} from '../protocol-test-app';

const URL_PATH = '/api/questfoundry/questions';
const envelope = (id: string) => ({
  protocol: 'questfoundry/1.0',
  id,
  sender: 'showrunner',
  receiver: 'human',
  intent: 'human.question',
  context: { correlation_id: `corr-${id}` },
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

let stateDir: string;
let crashDir: string;
const open: Array<{ t: ProtocolTestApp; store: RequestStore }> = [];
beforeEach(async () => {
  stateDir = await mkdtemp(path.join(os.tmpdir(), 'hitl-qf-restart-'));
  crashDir = `${stateDir}-after-crash`;
});
afterEach(async () => {
  for (const { t, store } of open.splice(0)) {
    store.close();
    await t.close();
  }
  await rm(stateDir, { recursive: true, force: true });
  await rm(crashDir, { recursive: true, force: true });
});

async function startWithStore(dir: string) {
  const t = await startProtocolApp([questfoundryRoutes]);
  const store = new RequestStore({ stateDir: dir, flushDelayMs: 60_000 });
  store.attach(t.broker);
  open.push({ t, store });
  return t;
}

describe('QuestFoundry questions across a broker restart (kill -9)', () => {
  it('a polled question stays pollable: 202 while pending, then the human.response envelope; held ones are gone', async () => {
    const first = await startWithStore(stateDir);
    for (const id of ['answered-before', 'open'])
      expect((await postJson(`${first.url}${URL_PATH}?wait=0`, envelope(id))).status).toBe(202);
    const held = postJson(`${first.url}${URL_PATH}`, envelope('held')).catch(
      (error: Error) => error,
    );
    await until(() => first.broker.findPending('questfoundry', 'held'), 'the held question');
    first.broker.answer(first.broker.findPending('questfoundry', 'answered-before')!.id, {
      value: { kind: 'choice', selected: ['B'] },
    });
    cpSync(stateDir, crashDir, { recursive: true }); // the disk as a kill -9 leaves it: no snapshot was written yet

    const second = await startWithStore(crashDir);
    const before = await getJson(`${second.url}${URL_PATH}/answered-before`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      intent: 'human.response',
      receiver: { role: 'showrunner' },
      reply_to: 'answered-before',
      correlation_id: 'corr-answered-before',
      context: { reply_to: 'answered-before', correlation_id: 'corr-answered-before' },
      payload: { data: { choice: 'B', free_text: null } },
    });
    expect(await getJson(`${second.url}${URL_PATH}/open`)).toEqual({
      status: 202,
      body: { status: 'pending', id: 'open' },
    });
    expect(
      (await getJson(`${second.url}${URL_PATH}/held`)).status,
      'a held question is not restored',
    ).toBe(404);
    second.broker.answer(second.broker.findPending('questfoundry', 'open')!.id, { text: 'left' });
    const after = await getJson(`${second.url}${URL_PATH}/open`);
    expect(after.status).toBe(200);
    expect(after.body.payload.data).toMatchObject({ choice: 'A', free_text: null });

    first.broker.cancel(first.broker.findPending('questfoundry', 'held')!.id);
    await held;
  });
});
