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

/** The broker's reply: a decision, or none (the agent then asks in its own terminal). */
export interface HookReply {
  decision: { behavior: 'allow' } | { behavior: 'deny'; message?: string } | null;
  /** The request shown in the inbox (none for informational events and rule decisions). */
  requestId?: string;
  /** Set when a remembered rule decided. */
  ruleId?: string;
  /** Why there is no decision (expired, dismissed, informational event). */
  why?: string;
}
