/**
 * The names and reply shape shared by the hook command and the broker, free of zod so the hook
 * (which runs on every tool call of a coding agent) loads as little as possible.
 */

/** The coding agents whose command hooks `clarity-hitl hook <agent>` speaks for. */
export const HOOK_AGENTS = ['claude-code', 'codex'] as const;
export type HookAgent = (typeof HOOK_AGENTS)[number];

/** The events that ask for a decision; every other event only informs. */
export const DECISION_EVENTS = ['PermissionRequest', 'PreToolUse'] as const;

/** Seconds the hook waits for the operator unless told otherwise (the installed hook's own limit is 600). */
export const DEFAULT_HOOK_WAIT_SECONDS = 570;

/**
 * `POST /api/hooks/hello` `{nonce}` → `{proof, endpoint}`: the broker proves it holds the proof key
 * before the hook sends it anything else (see docs/security.md "How the hook trusts its broker").
 */
export const HOOK_HELLO_PATH = '/api/hooks/hello';

/** The proof purposes (the HMAC input starts with the purpose, so one never stands for another). */
export const PROOF_PURPOSE = { hello: 'hello', decision: 'decision' } as const;

/** The largest reply the hook reads from the broker; it stops reading beyond. */
export const HOOK_REPLY_LIMIT = 1024 * 1024;

/** A nonce as the hook sends it: 32 random bytes in base64url (the broker accepts 22–128 chars). */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

/**
 * A decision. `updatedInput` (Claude Code only) is the tool input the agent runs instead of the
 * one it asked with: AskUserQuestion's input plus `answers`, or the call as the operator edited it.
 */
export type HookDecision =
  | { behavior: 'allow'; updatedInput?: Record<string, unknown> }
  | { behavior: 'deny'; message?: string };

/** The broker's reply: a decision, or none (the agent then asks in its own terminal). */
export interface HookReply {
  decision: HookDecision | null;
  /** The request shown in the inbox (none for informational events and rule decisions). */
  requestId?: string;
  /** Set when a remembered rule decided. */
  ruleId?: string;
  /** Why there is no decision (expired, dismissed, informational event). */
  why?: string;
}

/** The signed reply: `proof` = proofOf(key, 'decision', nonce, decisionText(decision)). */
export interface SignedHookReply extends HookReply {
  proof: string;
}

/**
 * The canonical text a decision proof covers: `null`, `{"behavior":"allow"}`,
 * `{"behavior":"allow","updatedInput":{…}}` (the input with every object's keys sorted), or
 * `{"behavior":"deny"}` / `{"behavior":"deny","message":"…"}` (keys in this order, JSON.stringify
 * escaping). Both sides build it from the decision's fields, so the proof covers exactly what the
 * hook acts on, the updated input included, whatever the bytes on the wire looked like.
 */
export function decisionText(decision: HookDecision | null): string {
  if (decision === null) return 'null';
  if (decision.behavior === 'allow') {
    if (decision.updatedInput === undefined) return JSON.stringify({ behavior: 'allow' });
    return `{"behavior":"allow","updatedInput":${canonicalJson(decision.updatedInput)}}`;
  }
  return JSON.stringify(
    decision.message === undefined
      ? { behavior: 'deny' }
      : { behavior: 'deny', message: decision.message },
  );
}

/**
 * The text a hello proof covers: the TCP endpoint of the connection, as the broker sees its own
 * end and the hook its peer (`127.0.0.1:7842`, `[::1]:7842`; an IPv4-mapped address as IPv4). A
 * relay at another address or port cannot pass on the broker's proof: it names the broker's end.
 */
export function endpointText(address: string | undefined, port: number | undefined): string {
  return `${hostLiteral(address ?? '')}:${port ?? 0}`;
}

/** An address as a URL host: IPv4 as is (also when IPv4-mapped), IPv6 in brackets. */
export function hostLiteral(address: string): string {
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return bare.includes(':') ? `[${bare}]` : bare;
}

/** JSON with every object's keys sorted (arrays keep their order): one text for one value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
