import { describe, expect, it } from 'vitest';
import {
  questionOf,
  questionToRequest,
  responseEnvelope,
} from '../../../../main/adapters/questfoundry/mapping';
import { HumanQuestionSchema } from '../../../../main/adapters/questfoundry/envelope';
import type { HitlRequest } from '../../../../main/broker/request';

const question = HumanQuestionSchema.parse({
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
});

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
    expect(questionToRequest(question, { durable: true }).meta).toEqual({
      envelope: question,
      durable: true,
    });
    expect(questionToRequest(question).meta).toEqual({ envelope: question });
  });

  it('questionOf gives the stored envelope, or rebuilds what a response needs when it is missing', () => {
    expect(questionOf(asRequest({ envelope: question }))).toEqual(question);
    const rebuilt = questionOf(asRequest());
    expect(rebuilt).toMatchObject({ id: 'q-1', sender: 'SR', protocol: 'questfoundry/1.0' });
    expect(responseEnvelope(rebuilt, asRequest())).toMatchObject({
      receiver: 'SR',
      context: { reply_to: 'q-1', correlation_id: 'q-1' },
      payload: { data: { choice: null, free_text: 'free' } },
    });
  });
});
