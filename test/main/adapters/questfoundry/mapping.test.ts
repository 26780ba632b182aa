import { describe, expect, it } from 'vitest';
import {
  questionOf,
  questionToRequest,
  responseEnvelope,
} from '../../../../main/adapters/questfoundry/mapping';
import { parseHumanQuestion } from '../../../../main/adapters/questfoundry/asked-question';
import type { HitlRequest } from '@contract/request';

const envelope = {
  protocol: 'questfoundry/1.2',
  id: 'q-1',
  sender: 'SR',
  receiver: 'human',
  intent: 'human.question',
  context: { correlation_id: 'c-1' },
  payload: {
    type: 'question',
    data: { question_text: 'Which?', options: [{ key: 'A', label: 'a' }] },
  },
};
const question = parseHumanQuestion(envelope);

const asRequest = (meta?: Record<string, unknown>): HitlRequest => ({
  id: 'r',
  source: 'questfoundry',
  key: 'q-1',
  agent: { id: 'SR' },
  prompt: 'Which?',
  input: { kind: 'text' },
  createdAt: 1,
  status: 'answered',
  answer: { text: 'free' },
  ...(meta ? { meta } : {}),
});

describe('questfoundry mapping', () => {
  it('flags a polled question durable and keeps a held one volatile', () => {
    expect(questionToRequest(question, envelope, { durable: true }).meta).toEqual({
      envelope,
      durable: true,
    });
    expect(questionToRequest(question, envelope).meta).toEqual({ envelope });
  });

  it('questionOf gives the stored envelope, or rebuilds what a response needs when it is missing', () => {
    expect(questionOf(asRequest({ envelope }))).toEqual(question);
    expect(question).toMatchObject({ version: '1.2.0', correlationId: 'c-1' });
    const rebuilt = questionOf(asRequest());
    expect(rebuilt).toMatchObject({ id: 'q-1', senderRole: 'SR', version: '1.0.0' });
    expect(responseEnvelope(rebuilt, asRequest())).toMatchObject({
      receiver: { role: 'SR' },
      reply_to: 'q-1',
      context: { reply_to: 'q-1', correlation_id: 'q-1' },
      payload: { data: { answer: 'free', choice: null, free_text: 'free' } },
    });
  });
});
