import { randomBytes } from 'node:crypto';
import { InvalidInputError } from '../../broker/errors';
import type { HitlRequest, InputSpec, NewRequest } from '../../broker/request';
import { titleFromPrompt } from '../title-from-prompt';
import { HumanQuestionSchema, type HumanQuestion, type HumanResponse } from './envelope';

export const QUESTFOUNDRY_SOURCE = 'questfoundry' as const;

/**
 * The request for a `human.question`: options by key/label, implication → description,
 * recommendation marked. `durable` when the asker polls for the answer (202 mode): the request
 * then survives a broker restart (`meta.durable`, see broker/persistence/durability.ts); a held
 * question does not (its connection is gone).
 */
export function questionToRequest(
  q: HumanQuestion,
  options: { durable?: boolean } = {},
): NewRequest {
  const data = q.payload.data;
  const keys = data.options.map((o) => o.key);
  const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
  if (duplicate)
    throw new InvalidInputError(
      `invalid envelope: payload.data.options: duplicate key "${duplicate}"`,
    );
  let input: InputSpec = { kind: 'text' };
  if (data.options.length) {
    const rec = data.recommendation?.trim();
    const recommended = data.options.find((o) => o.key === rec || o.label === rec)?.key;
    input = {
      kind: 'choice',
      multiple: false,
      options: data.options.map((o) => ({
        value: o.key,
        label: o.label,
        ...(o.implication ? { description: o.implication } : {}),
      })),
      ...(recommended ? { recommended } : {}),
    };
  }
  return {
    source: QUESTFOUNDRY_SOURCE,
    key: q.id,
    agent: { id: q.sender, name: q.sender },
    title: titleFromPrompt(data.question_text),
    prompt: data.question_text,
    input,
    ...(data.context_summary?.trim() ? { context: data.context_summary.trim() } : {}),
    meta: { envelope: q, ...(options.durable ? { durable: true } : {}) },
  };
}

/**
 * `{choice, free_text}` from the operator's answer: a picked option gives its key (the "other"
 * text becomes free_text); a plain-text answer equal to an option key or label counts as that
 * choice; any other text is free_text with choice null.
 */
export function answerData(request: HitlRequest): {
  choice: string | null;
  free_text: string | null;
} {
  const value = request.answer?.value;
  if (value?.kind === 'choice') {
    return {
      choice: value.selected[0] ?? null,
      free_text: value.other?.trim() ? value.other.trim() : null,
    };
  }
  const text = request.answer?.text.trim() ?? '';
  if (request.input.kind === 'choice') {
    const match = request.input.options.find((o) => o.value === text || o.label === text);
    if (match) return { choice: match.value, free_text: null };
  }
  return { choice: null, free_text: text || null };
}

/**
 * The `human.question` a request was opened from (`meta.envelope`), or, when that is missing or
 * broken (a record from an older store), the fields a response needs rebuilt from the request.
 */
export function questionOf(request: HitlRequest): HumanQuestion {
  const stored = HumanQuestionSchema.safeParse(request.meta?.envelope);
  if (stored.success) return stored.data;
  return {
    protocol: 'questfoundry/1.0',
    id: request.key,
    sender: request.agent?.id ?? 'unknown',
    receiver: 'human',
    intent: 'human.question',
    payload: { type: 'question', data: { question_text: request.prompt, options: [] } },
  };
}

/** The `human.response` envelope answering `q`, with a fresh id and time. */
export function responseEnvelope(
  q: HumanQuestion,
  request: HitlRequest,
  now = new Date(),
): HumanResponse {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return {
    protocol: q.protocol,
    id: `msg-${stamp}-human-${randomBytes(3).toString('hex')}`,
    time: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    sender: 'human',
    receiver: q.sender,
    intent: 'human.response',
    context: {
      reply_to: q.id,
      correlation_id: q.context?.correlation_id ?? q.id,
      ...(q.context?.tu_id ? { tu_id: q.context.tu_id } : {}),
    },
    payload: { type: 'answer', data: answerData(request) },
  };
}
