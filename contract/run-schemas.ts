import { z } from 'zod';
import { RunEventSchema } from './jsonl-events';

/**
 * The agent-run records the broker keeps for `clarity-hitl run` (see run-store.ts) and their wire
 * shapes (docs/http-api.md "Agent runs"). Pure zod + types: the CLI, the HTTP routes, the desktop
 * IPC and the renderer share them.
 */

/** Longest text kept in one entry (a plain line or a token); longer ones are cut. */
export const RUN_TEXT_LIMIT = 8_000;
/** Most entries one `POST /api/runs/:id/events` may carry. */
export const RUN_BATCH_LIMIT = 500;

export const RunStatusSchema = z.enum(['running', 'succeeded', 'failed', 'lost']);
export type RunStatus = z.infer<typeof RunStatusSchema>;

const EventLineSchema = z.object({ kind: z.literal('event'), event: RunEventSchema });
const TextLineSchema = z.object({ kind: z.literal('text'), text: z.string().max(RUN_TEXT_LIMIT) });

/** One line of the agent's output as the CLI forwards it: a parsed event or a plain text line. */
export const RunLineSchema = z.discriminatedUnion('kind', [EventLineSchema, TextLineSchema]);
export type RunLineInput = z.infer<typeof RunLineSchema>;

/** A kept line: `n` counts the run's entries from 0 (a merged token keeps its `n` and grows). */
const Position = { n: z.number().int().nonnegative(), at: z.number() };
export const RunEntrySchema = z.discriminatedUnion('kind', [
  EventLineSchema.extend(Position),
  TextLineSchema.extend(Position),
]);
export type RunEntry = z.infer<typeof RunEntrySchema>;

/** `POST /api/runs`: what the CLI knows when it starts the agent. */
export const RunStartSchema = z
  .object({
    command: z.array(z.string().max(4_000)).min(1).max(200),
    agent: z.string().max(200).optional(),
    project: z.string().max(4_000).optional(),
    task: z.string().max(4_000).optional(),
    pid: z.number().int().positive().optional(),
  })
  .strict();
export type RunStart = z.infer<typeof RunStartSchema>;

/** How the agent process ended. */
export const RunExitSchema = z
  .object({
    code: z.number().int().nullable(),
    signal: z.string().max(40).nullable(),
  })
  .strict();
export type RunExit = z.infer<typeof RunExitSchema>;

/** `POST /api/runs/:id/events`: the next lines in order; `exit` (last batch) ends the run. */
export const RunBatchSchema = z
  .object({
    entries: z.array(RunLineSchema).max(RUN_BATCH_LIMIT),
    exit: RunExitSchema.optional(),
  })
  .strict();
export type RunBatch = z.infer<typeof RunBatchSchema>;

export const RunSummarySchema = z.object({
  id: z.string().min(1),
  command: z.array(z.string()),
  agent: z.string().optional(),
  project: z.string().optional(),
  task: z.string().optional(),
  status: RunStatusSchema,
  phase: z.string().optional(),
  pct: z.number().optional(),
  startedAt: z.number(),
  /** Last time the CLI reported (a batch or a heartbeat). */
  updatedAt: z.number(),
  endedAt: z.number().optional(),
  exitCode: z.number().nullable().optional(),
  signal: z.string().nullable().optional(),
  durationMs: z.number().optional(),
  /** The `result` event, when one came. */
  result: z.object({ ok: z.boolean().optional(), summary: z.string().optional() }).optional(),
  /** hil_ids of the run's `human_in_loop` events, in order. */
  hilIds: z.array(z.string()),
  /** Entries ever added (kept ones are the last RunStore `perRun`). */
  entryCount: z.number().int().nonnegative(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** `GET /api/runs/:id`. */
export const RunDetailSchema = z.object({
  run: RunSummarySchema,
  entries: z.array(RunEntrySchema),
});
export type RunDetail = z.infer<typeof RunDetailSchema>;

/** The `run_updated` SSE / IPC event: the run as it is now and its new or grown entries. */
export const RunUpdatedSchema = z.object({
  run: RunSummarySchema,
  entries: z.array(RunEntrySchema),
});
export type RunUpdated = z.infer<typeof RunUpdatedSchema>;
