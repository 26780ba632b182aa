import { randomBytes } from 'node:crypto';
import { InvalidInputError } from '../../broker/errors';
import type { HitlRequest, InputSpec, NewRequest } from '@contract/request';
import { titleFromPrompt } from '../title-from-prompt';
import { storedHumanQuestion, type AskedQuestion } from './asked-question';
import type { HumanResponse } from './envelope';

export const QUESTFOUNDRY_SOURCE = 'questfoundry' as const;

/**
 * The request for a `human.question` (`envelope` is the posted one, kept in `meta.envelope`):
 * options by key/label (or the schema shape's suggestions), implication → description,
 * recommendation marked. `durable` when the asker polls for the answer (202 mode): the request
 * then survives a broker restart (`meta.durable`, see broker/persistence/durability.ts); a held
 * question does not (its connection is gone).
 */
export function questionToRequest(
  q: AskedQuestion,
  envelope: unknown,
  options: { durable?: boolean } = {},
): NewRequest {
  const keys = q.options.map((o) => o.key);
  const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
  if (duplicate) {
    const field = q.shape === 'schema' ? 'suggestions' : 'options';
    throw new InvalidInputError(
      `invalid envelope: payload.data.${field}: duplicate key "${duplicate}"`,
    );
  }
  let input: InputSpec = { kind: 'text' };
  if (q.options.length) {
    const rec = q.recommendation?.trim();
    const recommended = q.options.find((o) => o.key === rec || o.label === rec)?.key;
    input = {
      kind: 'choice',
      multiple: false,
      options: q.options.map((o) => ({
        value: o.key,
        label: o.label,
        ...(o.implication ? { description: o.implication } : {}),
      })),
      ...(recommended ? { recommended } : {}),
    };
  }
  const agentName = q.senderAgent ? `${q.senderRole} (${q.senderAgent})` : q.senderRole;
  return {
    source: QUESTFOUNDRY_SOURCE,
    key: q.id,
    agent: { id: q.senderAgent ?? q.senderRole, name: agentName },
    title: titleFromPrompt(q.text),
    prompt: q.text,
    input,
    ...(q.contextText ? { context: q.contextText } : {}),
    meta: { envelope, ...(options.durable ? { durable: true } : {}) },
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
export function questionOf(request: HitlRequest): AskedQuestion {
  const stored = storedHumanQuestion(request.meta?.envelope);
  if (stored) return stored;
  return {
    shape: 'prompt',
    id: request.key,
    version: '1.0.0',
    senderRole: request.agent?.id ?? 'SR',
    text: request.prompt,
    options: [],
    hotCold: 'hot',
    context: {},
    safety: { player_safe: false, spoilers: 'allowed' },
  };
}

/**
 * The `human.response` envelope answering `q`, with a fresh id and time: the Showrunner (who
 * proxies the human, INTENTS.md §5) replies to the asking role, `reply_to` the question's id.
 */
export function responseEnvelope(
  q: AskedQuestion,
  request: HitlRequest,
  now = new Date(),
): HumanResponse {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const data = answerData(request);
  const correlationId = q.correlationId ?? q.id;
  return {
    protocol: { name: 'qf-protocol', version: q.version },
    id: `msg-${stamp}-human-${randomBytes(3).toString('hex')}`,
    time: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    sender: { role: 'SR', agent: 'human' },
    receiver: { role: q.senderRole },
    intent: 'human.response',
    correlation_id: correlationId,
    reply_to: q.id,
    context: {
      ...q.context,
      hot_cold: q.hotCold,
      ...(q.shape === 'prompt' ? { reply_to: q.id, correlation_id: correlationId } : {}),
    },
    safety: q.safety,
    payload: {
      type: 'none',
      data: { answer: answerText(q, data), ...data },
    },
  };
}

/** INTENTS.md's required `answer` string: the operator's words, else the chosen option's label. */
function answerText(q: AskedQuestion, data: ReturnType<typeof answerData>): string {
  if (data.free_text !== null) return data.free_text;
  if (data.choice === null) return '';
  return q.options.find((o) => o.key === data.choice)?.label ?? data.choice;
}
