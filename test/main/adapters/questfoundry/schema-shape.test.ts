import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { questfoundryRoutes } from '../../../../main/http/routes/questfoundry';
import {
  getJson,
  postJson,
  startProtocolApp,
  until,
  type Json,
  type ProtocolTestApp,
} from '../protocol-test-app';

/** The spec's schema and examples, unchanged (see fixtures/SOURCE.md). */
const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(__dirname, 'fixtures', name), 'utf8')) as Json;
const schema = fixture('envelope.schema.json');
const specQuestion = fixture('human.question.json');
const specResponse = fixture('human.response.json');

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(schema);
const schemaErrors = (envelope: unknown) =>
  validate(envelope) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

/** The prompt layer's example (questfoundry-human-question.md). */
const promptQuestion = {
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
let t: ProtocolTestApp;
beforeEach(async () => {
  t = await startProtocolApp([questfoundryRoutes]);
});
afterEach(async () => {
  await t.close();
});
const pending = (key: string) => until(() => t.broker.findPending('questfoundry', key), key);

describe('QuestFoundry envelopes as the spec JSON Schema defines them', () => {
  it('the fixtures are what the spec says: its examples pass its schema', () => {
    expect(schemaErrors(specQuestion)).toEqual([]);
    expect(schemaErrors(specResponse)).toEqual([]);
  });

  it("accepts the spec's human.question example and answers with a schema-valid human.response", async () => {
    const held = postJson(`${t.url}${URL_PATH}`, specQuestion);
    const request = await pending(specQuestion.id);
    expect(request).toMatchObject({
      prompt: 'Should the toll faction be morally gray or clearly antagonistic?',
      context: 'hook_id: HK-20251030-01',
      agent: { id: 'bot:lw', name: 'LW (bot:lw)' },
      input: {
        kind: 'choice',
        options: [
          { value: 'morally_gray', label: 'morally_gray' },
          { value: 'antagonistic', label: 'antagonistic' },
        ],
      },
    });
    t.broker.answer(request.id, {
      value: {
        kind: 'choice',
        selected: ['morally_gray'],
        other: 'Go morally gray; keep motivations sympathetic and pragmatic.',
      },
    });
    const { status, body } = await held;
    expect(status).toBe(200);
    expect(schemaErrors(body)).toEqual([]);
    expect(body).toMatchObject({
      protocol: { name: 'qf-protocol', version: '1.0.0' },
      sender: { role: 'SR' },
      receiver: { role: 'LW' },
      intent: 'human.response',
      reply_to: specQuestion.id,
      correlation_id: 'corr-toll-faction-01',
      context: { hot_cold: 'hot', loop: 'Lore Deepening', tu: 'TU-2025-11-03-LW01' },
      safety: { player_safe: false, spoilers: 'allowed' },
      payload: {
        type: 'none',
        data: {
          choice: 'morally_gray',
          answer: 'Go morally gray; keep motivations sympathetic and pragmatic.',
        },
      },
    });
    // The same fields the spec's own human.response example carries, with the same types.
    for (const field of Object.keys(specResponse)) expect(body).toHaveProperty(field);
  });

  it('an open schema-shaped question (no suggestions) is free text; a polled one answers the same', async () => {
    const open = structuredClone(specQuestion);
    open.id = 'urn:uuid:open-question-1';
    delete open.payload.data.suggestions;
    delete open.correlation_id;
    const res = await postJson(`${t.url}${URL_PATH}?wait=0`, open);
    expect(res.status).toBe(202);
    const request = await pending(open.id);
    expect(request.input).toEqual({ kind: 'text' });
    t.broker.answer(request.id, { text: 'Clearly antagonistic.' });
    const polled = await getJson(`${t.url}${res.body.poll}`);
    expect(polled.status).toBe(200);
    expect(schemaErrors(polled.body)).toEqual([]);
    expect(polled.body).toMatchObject({ reply_to: open.id, correlation_id: open.id });
    expect(polled.body.payload.data).toMatchObject({
      answer: 'Clearly antagonistic.',
      choice: null,
    });
  });

  it('the prompt-layer shape still works, and its response is schema-valid with the old fields kept', async () => {
    const held = postJson(`${t.url}${URL_PATH}`, promptQuestion);
    const request = await pending(promptQuestion.id);
    t.broker.answer(request.id, { value: { kind: 'choice', selected: ['B'] } });
    const { status, body } = await held;
    expect(status).toBe(200);
    expect(schemaErrors(body)).toEqual([]);
    expect(body).toMatchObject({
      protocol: { name: 'qf-protocol', version: '1.0.0' },
      receiver: { role: 'SR' },
      reply_to: promptQuestion.id,
      context: {
        hot_cold: 'hot',
        reply_to: promptQuestion.id,
        correlation_id: promptQuestion.id,
        tu_id: 'TU-20251112-SR01',
      },
      payload: {
        type: 'none',
        data: {
          answer: 'Fleshen out an existing idea (Lore Deepening)',
          choice: 'B',
          free_text: null,
        },
      },
    });
  });

  it('a schema-shaped envelope with a bad field is 400 naming it, and nothing is opened', async () => {
    const cases: Array<[(q: Json) => void, string]> = [
      [(q) => (q.protocol.name = 'other'), 'protocol.name'],
      [(q) => (q.protocol.version = '1.0'), 'protocol.version'],
      [(q) => delete q.sender.role, 'sender.role'],
      [(q) => (q.context.tu = 'TU-1'), 'context.tu'],
      [(q) => delete q.payload.data.question, 'payload.data.question'],
      [(q) => (q.payload.data.suggestions = ['a', 'a']), 'duplicate key "a"'],
    ];
    for (const [change, message] of cases) {
      const bad = structuredClone(specQuestion);
      change(bad);
      const res = await postJson(`${t.url}${URL_PATH}`, bad);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(t.broker.pending()).toEqual([]);
  });
});
