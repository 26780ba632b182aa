import { z } from 'zod';

/** A handshake dir no longer watched (replaced or removed while watched): why, and since when. */
export const DirProblemSchema = z.object({ dir: z.string(), message: z.string(), at: z.number() });

/**
 * What the broker says about itself: `GET /api/info` (its `response` schema, in GET /openapi.json),
 * the same shape as IPC's `IpcBrokerInfo` and the renderer's `BrokerInfo`.
 */
export const BrokerInfoSchema = z
  .object({
    version: z.string(),
    /** Handshake directories being watched (may be empty). */
    dirs: z.array(z.string()),
    /** Handshake dirs dropped, oldest first; the operator must act on them. */
    dirProblems: z.array(DirProblemSchema),
    tokenRequired: z.boolean(),
    /** The broker's base URL, e.g. `http://127.0.0.1:7842/`. */
    url: z.string(),
  })
  .describe('the broker: its version, watched dirs and their problems, its URL');
export type BrokerInfo = z.infer<typeof BrokerInfoSchema>;
