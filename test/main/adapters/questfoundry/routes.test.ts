import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { questfoundryRoutes } from '../../../../main/http/routes/questfoundry';
import {
  getJson,
  postJson,
  startProtocolApp,
  until,
  type ProtocolTestApp,
} from '../protocol-test-app';

let t: ProtocolTestApp;
beforeEach(async () => {
  t = await startProtocolApp([questfoundryRoutes]);
});
afterEach(async () => {
  await t.close();
});

/** The spec's example envelope. */
const example = {
  protocol: 'questfoundry/1.0.0',
  id: 'msg-20251112-093000-sr123',
  time: '2025-11-12T09:30:00Z',
  sender: 'SR',
  receiver: 'human',
  intent: 'human.question',
  context: { tu_id: 'TU-20251112-SR01' },
  safety: { player_safe: false, sot: 'hot' },
  payload: {
    type: 'question',
    data: {
      question_text: "I see you want to work on 'worldbuilding.' Which did you mean?",
      options: [
        { key: 'A', label: 'Proactively build a new part of the world (World Genesis)' },
        { key: 'B', label: 'Fleshen out an existing idea (Lore Deepening)' },
      ],
    },
  },
};
const URL_PATH = '/api/questfoundry/questions';
const pending = (key: string) => until(() => t.broker.findPending('questfoundry', key), key);

describe('QuestFoundry human.question', () => {
  it('holds the spec example until answered and replies with a human.response envelope', async () => {
    const held = postJson(`${t.url}${URL_PATH}`, example);
    const request = await pending(example.id);
    expect(request).toMatchObject({
      prompt: example.payload.data.question_text,
      agent: { id: 'SR' },
      input: {
        kind: 'choice',
        multiple: false,
        options: [
          { value: 'A', label: 'Proactively build a new part of the world (World Genesis)' },
          { value: 'B', label: 'Fleshen out an existing idea (Lore Deepening)' },
        ],
      },
    });
    t.broker.answer(request.id, {
      value: { kind: 'choice', selected: ['B'], other: 'focus on the northern isles' },
    });
    const { status, body } = await held;
    expect(status).toBe(200);
    expect(body).toMatchObject({
      protocol: { name: 'qf-protocol', version: '1.0.0' },
      sender: { role: 'SR' },
      receiver: { role: 'SR' },
      intent: 'human.response',
      reply_to: example.id,
      context: { reply_to: example.id, correlation_id: example.id, tu_id: 'TU-20251112-SR01' },
      payload: {
        type: 'none',
        data: {
          answer: 'focus on the northern isles',
          choice: 'B',
          free_text: 'focus on the northern isles',
        },
      },
    });
    expect(body.id).toMatch(/^msg-\d{8}-\d{6}-human-[0-9a-f]{6}$/);
    expect(body.id).not.toBe(example.id);
    expect(Number.isNaN(Date.parse(body.time))).toBe(false);
  });

  it('maps implication, recommendation, context_summary; keeps a given correlation_id', async () => {
    const q = structuredClone(example) as typeof example & { context: Record<string, string> };
    q.id = 'msg-2';
    q.context.correlation_id = 'corr-9';
    Object.assign(q.payload.data, {
      options: [
        { key: 'A', label: 'Genesis', implication: 'Starts a new region' },
        { key: 'B', label: 'Deepening', implication: 'Safer: extends canon' },
      ],
      recommendation: 'B',
      context_summary: 'Chapter 3 needs a setting decision.',
    });
    const held = postJson(`${t.url}${URL_PATH}`, q);
    const request = await pending('msg-2');
    expect(request.input).toMatchObject({
      kind: 'choice',
      recommended: 'B',
      options: [{ description: 'Starts a new region' }, { description: 'Safer: extends canon' }],
    });
    expect(request.context).toBe('Chapter 3 needs a setting decision.');
    t.broker.answer(request.id, { text: 'Deepening' });
    const { body } = await held;
    expect(body.context).toEqual({
      hot_cold: 'hot',
      reply_to: 'msg-2',
      correlation_id: 'corr-9',
      tu_id: 'TU-20251112-SR01',
    });
    expect(body.correlation_id).toBe('corr-9');
    expect(body.payload.data).toEqual({ answer: 'Deepening', choice: 'B', free_text: null });
  });

  it('an open question (empty options) is free text', async () => {
    const q = {
      ...example,
      id: 'msg-3',
      payload: { type: 'question', data: { question_text: 'What tone?', options: [] } },
    };
    const held = postJson(`${t.url}${URL_PATH}`, q);
    const request = await pending('msg-3');
    expect(request.input).toEqual({ kind: 'text' });
    t.broker.answer(request.id, { text: 'Grim but hopeful' });
    expect((await held).body.payload.data).toEqual({
      answer: 'Grim but hopeful',
      choice: null,
      free_text: 'Grim but hopeful',
    });
  });

  it('?wait=0 and Prefer: respond-async answer 202 with a URL to poll', async () => {
    const res = await postJson(`${t.url}${URL_PATH}?wait=0`, example);
    expect(res).toEqual({
      status: 202,
      body: { status: 'pending', id: example.id, poll: `${URL_PATH}/${example.id}` },
    });
    expect((await getJson(`${t.url}${URL_PATH}/${example.id}`)).status).toBe(202);
    const request = t.broker.findPending('questfoundry', example.id)!;
    t.broker.answer(request.id, { value: { kind: 'choice', selected: ['A'] } });
    const polled = await getJson(`${t.url}${URL_PATH}/${example.id}`);
    expect(polled.status).toBe(200);
    expect(polled.body.payload.data).toEqual({
      answer: 'Proactively build a new part of the world (World Genesis)',
      choice: 'A',
      free_text: null,
    });

    const prefer = await postJson(
      `${t.url}${URL_PATH}`,
      { ...example, id: 'msg-p' },
      { headers: { 'content-type': 'application/json', prefer: 'respond-async' } },
    );
    expect(prefer.status).toBe(202);
    expect((await getJson(`${t.url}${URL_PATH}/nope`)).status).toBe(404);
  });

  it('a cancelled question answers 410 with a clear message, held or polled', async () => {
    const held = postJson(`${t.url}${URL_PATH}`, example);
    const request = await pending(example.id);
    t.broker.cancel(request.id, { reason: 'off topic' });
    const res = await held;
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ error: 'cancelled', id: example.id });
    expect(res.body.message).toContain('off topic');
    expect((await getJson(`${t.url}${URL_PATH}/${example.id}`)).status).toBe(410);
  });

  it('?wait=0 with an id that cannot go into the poll URL is 400 naming the field, nothing opened', async () => {
    const res = await postJson(`${t.url}${URL_PATH}?wait=0`, { ...example, id: 'poll-\udddb-me' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid' });
    expect(res.body.message).toContain('id: must be well-formed Unicode');
    expect(t.broker.pendingCount).toBe(0);
    const pair = await postJson(`${t.url}${URL_PATH}?wait=0`, {
      ...example,
      id: 'emoji-\ud83d\ude00',
    });
    expect(pair.status, 'a proper surrogate pair is fine').toBe(202);
    expect(pair.body.poll).toBe(`${URL_PATH}/${encodeURIComponent('emoji-\ud83d\ude00')}`);
  });

  it('marks only polled (202) questions durable; a held one is not kept across a restart', async () => {
    await postJson(`${t.url}${URL_PATH}?wait=0`, example);
    expect(t.broker.findPending('questfoundry', example.id)!.meta).toMatchObject({ durable: true });
    void postJson(`${t.url}${URL_PATH}`, { ...example, id: 'held' }).catch(() => {});
    const held = await pending('held');
    expect(held.meta).not.toHaveProperty('durable');
    t.broker.cancel(held.id);
  });

  it('a duplicate pending id is 409', async () => {
    await postJson(`${t.url}${URL_PATH}?wait=0`, example);
    const dup = await postJson(`${t.url}${URL_PATH}?wait=0`, example);
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('duplicate');
  });

  it.each([
    ['protocol', { protocol: 'questfoundry/2.0.0' }, 'protocol: must be questfoundry/1.x'],
    ['intent', { intent: 'human.response' }, 'intent: must be "human.question"'],
    ['receiver', { receiver: 'SR' }, 'receiver: must be "human"'],
    [
      'payload type',
      { payload: { type: 'answer', data: { question_text: 'x' } } },
      'payload.type: must be "question"',
    ],
    [
      'question_text',
      { payload: { type: 'question', data: { options: [] } } },
      'payload.data.question_text',
    ],
    [
      'option key',
      { payload: { type: 'question', data: { question_text: 'x', options: [{ label: 'L' }] } } },
      'payload.data.options.0.key',
    ],
    [
      'duplicate keys',
      {
        payload: {
          type: 'question',
          data: {
            question_text: 'x',
            options: [
              { key: 'A', label: 'a' },
              { key: 'A', label: 'b' },
            ],
          },
        },
      },
      'duplicate key "A"',
    ],
    ['sender', { sender: '' }, 'sender'],
    ['id with an unpaired surrogate', { id: 'a\ud800b' }, 'id: must be well-formed Unicode'],
  ])('rejects a bad %s with 400 naming the field', async (_n, patch, message) => {
    const res = await postJson(`${t.url}${URL_PATH}`, { ...example, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid');
    expect(res.body.message).toContain(message);
    expect(t.broker.pendingCount).toBe(0);
  });
});
