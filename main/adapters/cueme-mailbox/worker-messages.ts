import { z } from 'zod';

/**
 * The worker's limits (mailbox-limits.ts) restated: importing them here would make the bundler
 * share a chunk between the broker and the worker, which must stay one file (asarUnpack).
 * test/main/adapters/cueme-mailbox/worker-messages.test.ts keeps the two in step.
 */
export const MESSAGE_LIMITS = {
  cues: 500,
  requestId: 200,
  agentId: 400,
  prompt: 100_000,
  payload: 100_000,
  createdAt: 100,
  runtime: 400,
  projectDir: 4096,
  terminal: 400,
} as const;
const LIMITS = MESSAGE_LIMITS;

/** One pending cue of the original cueme's SQLite mailbox, as the worker reads it. */
export const MailboxCueSchema = z.object({
  requestId: z.string().min(1).max(LIMITS.requestId),
  agentId: z.string().max(LIMITS.agentId),
  /** The first MAILBOX_LIMITS.prompt characters (code points) of the prompt. */
  prompt: z.string().max(LIMITS.prompt * 2),
  /** The prompt's full length in the mailbox: more than `prompt` holds means it was cut. */
  promptLength: z.number().int().nonnegative(),
  /** The payload column as stored (a JSON text), or null (also when it was too long to read). */
  payload: z
    .string()
    .max(LIMITS.payload * 2)
    .nullable(),
  payloadLength: z.number().int().nonnegative(),
  createdAt: z.string().max(LIMITS.createdAt).nullable(),
  runtime: z.string().max(LIMITS.runtime).nullable(),
  projectDir: z.string().max(LIMITS.projectDir).nullable(),
  terminal: z.string().max(LIMITS.terminal).nullable(),
});
export type MailboxCue = z.infer<typeof MailboxCueSchema>;

/** A pending row the broker cannot show or answer (an empty request_id, an over-long agent_id). */
export const MailboxProblemSchema = z.object({
  /** The row's `id` in cue_requests. */
  rowId: z.number().int(),
  /** Its request_id (the first 80 characters), possibly empty. */
  requestId: z.string().max(80),
  field: z.string().max(40),
  reason: z.string().max(200),
});
export type MailboxProblem = z.infer<typeof MailboxProblemSchema>;

/** What the mailbox worker tells the broker side. */
export const WorkerMessageSchema = z.discriminatedUnion('type', [
  /**
   * The full set of unanswered rows, sent at start and whenever it changes. Cues are checked one
   * by one on the broker side (a bad one must not hide the others), so they are not typed here.
   */
  z.object({
    type: z.literal('pending'),
    cues: z.array(z.unknown()).max(LIMITS.cues),
    problems: z.array(MailboxProblemSchema).max(LIMITS.cues).default([]),
  }),
  /** The outcome of one `answer` / `cancel` command. */
  z.object({
    type: z.literal('written'),
    requestId: z.string(),
    ok: z.boolean(),
    /** Not written because the cue already had an answer (another console, cueme's timeout). */
    elsewhere: z.boolean().optional(),
    detail: z.string().optional(),
  }),
  /** A read or open that failed; the worker keeps polling. */
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type WorkerMessage = z.input<typeof WorkerMessageSchema>;

/** What the broker side asks the worker to write. */
export type WorkerCommand =
  { op: 'answer'; requestId: string; text: string } | { op: 'cancel'; requestId: string };
