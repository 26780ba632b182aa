import { z } from 'zod';

/**
 * Where an answered request's answer is on its way back to the agent. Answered (the operator's
 * decision, recorded durably) is not the end: the adapter that serves the agent reports each try.
 * - `awaiting`: handed to the adapter, not confirmed yet (a long-polling agent has not collected
 *   it, a file is being written); retried at start-up after a crash.
 * - `retrying`: a try failed (`reason`); the adapter tries again with backoff.
 * - `delivered`: the agent has it (file on disk, response written, poll answered).
 * - `undeliverable`: it never can be (the agent withdrew, the adapter gave up): ended, visibly.
 */
export const DELIVERY_STATES = ['awaiting', 'retrying', 'delivered', 'undeliverable'] as const;

export const DeliveryStateSchema = z.enum(DELIVERY_STATES);
export type DeliveryState = z.infer<typeof DeliveryStateSchema>;

export const DeliverySchema = z.object({
  state: DeliveryStateSchema,
  /** Why the last try failed (`retrying`), or why it ended (`undeliverable`). */
  reason: z.string().max(2000).optional(),
  /** Failed tries so far. */
  failures: z.number().int().nonnegative().optional(),
  /** When the state last changed (ms since 1970). */
  at: z.number(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

/** What an adapter reports about one delivery try. */
export const DeliveryOutcomeSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('delivered') }),
  z.object({ state: z.literal('retrying'), reason: z.string().min(1).max(2000) }),
  z.object({ state: z.literal('undeliverable'), reason: z.string().min(1).max(2000) }),
]);
export type DeliveryOutcome = z.infer<typeof DeliveryOutcomeSchema>;

/** True while the answer has not reached the agent and still may (awaiting or retrying). */
export function isUndelivered(delivery: Delivery | undefined): boolean {
  return delivery?.state === 'awaiting' || delivery?.state === 'retrying';
}
