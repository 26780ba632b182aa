import { z } from 'zod';

/**
 * "Could not read" items: what an agent sent that the broker could not turn into a request (a
 * `.question` file that fails validation, a bad protocol request). Shown in the inbox so nothing
 * disappears silently. Pure zod + types (no Node import): main, the HTTP routes, the desktop IPC
 * and the renderer share it.
 */
export const UnreadableItemSchema = z.object({
  /** Stable per file (`file:<path>`) or per protocol route and key (`http:...`). */
  id: z.string().min(1),
  /** The protocol it came through, e.g. `clarity-file`, `clarity-http`, `tool-server-lite`. */
  source: z.string().min(1),
  /** The file path, or the request (e.g. `POST /questions`). */
  origin: z.string().min(1),
  /** The field at fault (e.g. `key`, `timestamp`), when one is. */
  field: z.string().optional(),
  reason: z.string(),
  /** When it was first seen, and last seen (ms since 1970). */
  at: z.number(),
  lastAt: z.number(),
  /** How many times it was seen (a bad request retried, a file rewritten still bad). */
  count: z.number().int().positive(),
  /**
   * `undelivered`: not something unreadable but an answer that has not reached its agent yet
   * (or never will): `requestId` names the request and `answer` is what waits to be delivered.
   */
  kind: z.literal('undelivered').optional(),
  requestId: z.string().optional(),
  answer: z.string().optional(),
});
export type UnreadableItem = z.infer<typeof UnreadableItemSchema>;

/** What a protocol reports; the board adds the times and the count. */
export type UnreadableReport = Pick<UnreadableItem, 'id' | 'source' | 'origin' | 'reason'> &
  Partial<Pick<UnreadableItem, 'field' | 'kind' | 'requestId' | 'answer'>>;

/**
 * The `unreadable` SSE/IPC event and `GET /api/unreadable` reply: the whole current list. `epoch`
 * names the broker run (a new one at every start) and `revision` counts the list's changes in it:
 * a reply and an event travel on different connections, so a client keeps the newest it has seen
 * rather than the last to arrive.
 */
export const UnreadableListSchema = z.object({
  items: z.array(UnreadableItemSchema),
  epoch: z.string().min(1).optional(),
  revision: z.number().int().nonnegative().optional(),
});
export type UnreadableList = z.infer<typeof UnreadableListSchema>;
