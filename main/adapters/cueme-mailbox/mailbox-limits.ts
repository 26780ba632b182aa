/**
 * What the broker keeps of one cueme mailbox row. Plain constants (no zod): the mailbox worker
 * imports them and must start on Node built-ins alone.
 */
export const MAILBOX_LIMITS = {
  /** A `request_id` longer than this is a row the broker cannot answer: shown as "could not read". */
  requestId: 200,
  /** Likewise an `agent_id` longer than this. */
  agentId: 400,
  /**
   * The first this many characters of a prompt are kept (the rest is cut, visibly): a mailbox of
   * megabyte prompts must not make the worker, the broker and history.json as large.
   */
  prompt: 100_000,
  /** A payload longer than this is not read; the cue is asked as plain text, saying so. */
  payload: 100_000,
  createdAt: 100,
  /** Agent details over these lengths are left out (they only label the card). */
  runtime: 400,
  projectDir: 4096,
  terminal: 400,
} as const;

/** Rows read per poll: far more cues than one operator ever has open. */
export const MAX_PENDING_CUES = 500;
