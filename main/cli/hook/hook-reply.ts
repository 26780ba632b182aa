import {
  PROOF_PURPOSE,
  decisionText,
  type HookDecision,
} from '../../adapters/coding-agents/hook-wire';
import { proofMatches } from '../../service/broker-proof';

/** What the hook makes of the broker's reply to an event. */
export type ReplyVerdict =
  /** A well-formed decision that carries the broker's proof: the only thing ever printed. */
  | { kind: 'decision'; decision: HookDecision }
  /** A verified "no decision" (expired, dismissed, informational event). */
  | { kind: 'none'; why: string }
  /** Anything else: malformed, unknown, or without a valid proof. Nothing is printed. */
  | { kind: 'refused'; why: string };

/**
 * Checks the broker's reply to `POST /api/hooks/{agent}` exactly: `decision` is `null`,
 * `{"behavior":"allow"}`, `{"behavior":"allow","updatedInput":{…}}` (a non-empty object) or `{"behavior":"deny","message"?: string}` with no other field, and
 * `proof` is proofOf(key, 'decision', nonce, decisionText(decision)). `{"decision":{}}`, `"yes"`,
 * `1`, `[]`, `{"behavior":"Deny"}`, `"ask"` and a missing or wrong proof are all refused.
 */
export function readSignedReply(value: unknown, key: string, nonce: string): ReplyVerdict {
  if (!isPlainObject(value)) return { kind: 'refused', why: 'the reply is not a JSON object' };
  if (!('decision' in value)) return { kind: 'refused', why: 'the reply has no decision' };
  const decision = exactDecision(value.decision);
  if (decision === undefined)
    return {
      kind: 'refused',
      why: `the reply's decision ${preview(value.decision)} is not one this hook knows`,
    };
  const text = decisionText(decision);
  if (!proofMatches(key, PROOF_PURPOSE.decision, nonce, text, value.proof))
    return { kind: 'refused', why: 'the reply does not carry the broker proof' };
  if (decision === null) {
    const why = typeof value.why === 'string' && value.why ? value.why : 'no decision';
    return { kind: 'none', why: oneLine(why) };
  }
  return { kind: 'decision', decision };
}

/** The decision when `value` has exactly one of the known shapes; undefined otherwise. */
function exactDecision(value: unknown): HookDecision | null | undefined {
  if (value === null) return null;
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value);
  if (value.behavior === 'allow' && keys.length === 1) return { behavior: 'allow' };
  if (
    value.behavior === 'allow' &&
    keys.length === 2 &&
    keys.includes('updatedInput') &&
    isPlainObject(value.updatedInput) &&
    Object.keys(value.updatedInput).length > 0
  )
    return { behavior: 'allow', updatedInput: value.updatedInput };
  if (value.behavior !== 'deny') return undefined;
  if (keys.every((k) => k === 'behavior')) return { behavior: 'deny' };
  if (keys.length === 2 && keys.includes('message') && typeof value.message === 'string')
    return { behavior: 'deny', message: value.message };
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** At most 60 characters of the value as JSON, for the one stderr line. */
function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
