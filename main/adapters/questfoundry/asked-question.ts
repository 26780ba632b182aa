import { InvalidInputError } from '../../broker/errors';
import { parseOrThrow } from '../../broker/validation';
import { HumanQuestionSchema, type HumanQuestion } from './envelope';
import { SchemaHumanQuestionSchema, type SchemaHumanQuestion } from './schema-envelope';

/** One answer option, whichever shape it came in. */
export interface AskedOption {
  key: string;
  label: string;
  implication?: string;
}

/**
 * A `human.question` in either accepted shape, reduced to what the inbox shows and what the
 * `human.response` needs. `shape` says which: `schema` (the spec's JSON Schema) or `prompt`
 * (the prompt layer's flat example).
 */
export interface AskedQuestion {
  shape: 'schema' | 'prompt';
  id: string;
  /** SemVer of the asker's protocol, echoed in the response. */
  version: string;
  senderRole: string;
  senderAgent?: string;
  text: string;
  options: AskedOption[];
  recommendation?: string;
  /** Shown beside the question. */
  contextText?: string;
  correlationId?: string;
  hotCold: 'hot' | 'cold';
  /** The asker's `context`, mirrored in the response (INTENTS.md: "context SHOULD mirror original"). */
  context: Record<string, unknown>;
  safety: { player_safe: boolean; spoilers: 'allowed' | 'forbidden' };
}

/**
 * Parses a posted `human.question`: an object-valued `protocol` means the schema's shape, anything
 * else the prompt layer's; a bad envelope throws an InvalidInputError naming the field.
 */
export function parseHumanQuestion(raw: unknown): AskedQuestion {
  if (isSchemaShaped(raw))
    return fromSchema(parseOrThrow(SchemaHumanQuestionSchema, raw, 'envelope'));
  return fromPrompt(parseOrThrow(HumanQuestionSchema, raw, 'envelope'));
}

/** The same, for a stored envelope: undefined when it no longer parses. */
export function storedHumanQuestion(raw: unknown): AskedQuestion | undefined {
  try {
    return parseHumanQuestion(raw);
  } catch (error) {
    if (error instanceof InvalidInputError) return undefined;
    throw error;
  }
}

function isSchemaShaped(raw: unknown): boolean {
  const protocol = (raw as { protocol?: unknown } | null)?.protocol;
  return typeof protocol === 'object' && protocol !== null;
}

function fromSchema(q: SchemaHumanQuestion): AskedQuestion {
  const data = q.payload.data;
  const options: AskedOption[] =
    data.options ?? (data.suggestions ?? []).map((s) => ({ key: s, label: s }));
  const { hot_cold: hotCold, ...context } = q.context ?? {};
  const playerSafe = q.safety?.player_safe ?? false;
  return {
    shape: 'schema',
    id: q.id,
    version: q.protocol.version,
    senderRole: q.sender.role,
    ...(q.sender.agent ? { senderAgent: q.sender.agent } : {}),
    text: data.question,
    options,
    ...(data.recommendation ? { recommendation: data.recommendation } : {}),
    ...(data.context && Object.keys(data.context).length
      ? { contextText: describeContext(data.context) }
      : {}),
    ...(q.correlation_id ? { correlationId: q.correlation_id } : {}),
    hotCold: hotCold ?? 'hot',
    context,
    safety: {
      player_safe: playerSafe,
      spoilers: q.safety?.spoilers ?? (playerSafe ? 'forbidden' : 'allowed'),
    },
  };
}

function fromPrompt(q: HumanQuestion): AskedQuestion {
  const data = q.payload.data;
  const safety = (q.safety ?? {}) as { player_safe?: unknown; sot?: unknown; spoilers?: unknown };
  const playerSafe = safety.player_safe === true;
  const spoilers =
    safety.spoilers === 'allowed' || safety.spoilers === 'forbidden'
      ? safety.spoilers
      : playerSafe
        ? 'forbidden'
        : 'allowed';
  const { correlation_id: correlationId, ...context } = q.context ?? {};
  return {
    shape: 'prompt',
    id: q.id,
    version: promptVersion(q.protocol),
    senderRole: q.sender,
    text: data.question_text,
    options: data.options,
    ...(data.recommendation ? { recommendation: data.recommendation } : {}),
    ...(data.context_summary?.trim() ? { contextText: data.context_summary.trim() } : {}),
    ...(correlationId ? { correlationId } : {}),
    hotCold: safety.sot === 'cold' ? 'cold' : 'hot',
    context,
    safety: { player_safe: playerSafe, spoilers },
  };
}

/** `questionfoundry/1.2` → `1.2.0`: the prompt layer's version, as the SemVer the schema wants. */
function promptVersion(protocol: string): string {
  const parts = protocol.slice(protocol.indexOf('/') + 1).split('.');
  while (parts.length < 3) parts.push('0');
  return parts.join('.');
}

function describeContext(context: Record<string, unknown>): string {
  return Object.entries(context)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}
