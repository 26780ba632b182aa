import { z } from 'zod';

/** One pending cue of the original cueme's SQLite mailbox, as the worker reads it. */
export const MailboxCueSchema = z.object({
  requestId: z.string().min(1).max(200),
  agentId: z.string().max(400),
  prompt: z.string().max(1_000_000),
  /** The payload column as stored (a JSON text), or null. */
  payload: z.string().max(1_000_000).nullable(),
  createdAt: z.string().max(100).nullable(),
  runtime: z.string().max(400).nullable(),
  projectDir: z.string().max(4096).nullable(),
  terminal: z.string().max(400).nullable(),
});
export type MailboxCue = z.infer<typeof MailboxCueSchema>;

/** What the mailbox worker tells the broker side. */
export const WorkerMessageSchema = z.discriminatedUnion('type', [
  /** The full set of unanswered cues, sent at start and whenever it changes. */
  z.object({ type: z.literal('pending'), cues: z.array(MailboxCueSchema).max(500) }),
  /** The outcome of one `answer` / `cancel` command. */
  z.object({
    type: z.literal('written'),
    requestId: z.string(),
    ok: z.boolean(),
    detail: z.string().optional(),
  }),
  /** A read or open that failed; the worker keeps polling. */
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type WorkerMessage = z.infer<typeof WorkerMessageSchema>;

/** What the broker side asks the worker to write. */
export type WorkerCommand =
  { op: 'answer'; requestId: string; text: string } | { op: 'cancel'; requestId: string };

/** Rows read per poll: far more cues than one operator ever has open. */
export const MAX_PENDING_CUES = 500;
