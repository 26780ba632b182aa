import { z } from 'zod';
import {
  RunBatchSchema,
  RunDetailSchema,
  RunStartSchema,
  RunSummarySchema,
} from '@contract/run-schemas';
import { RunListSchema } from '@contract/inbox-results';
import type { RouteModule } from '../context';
import type { ZodTypeProvider } from '../schema/zod-type-provider';

const RunIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w.-]+$/, 'must be letters, digits, "_", "." or "-"');
const RunParams = z.object({ id: RunIdSchema });

/** How often running runs are checked for a CLI that went silent (they turn `lost`). */
const LOST_CHECK_MS = 30_000;

/**
 * Agent runs (`clarity-hitl run`, docs/http-api.md "Agent runs"): the CLI opens a run and posts
 * its output lines in batches; the UI lists runs and reads one (the inbox operations, as over IPC)
 * and hears `run_updated` SSE events.
 */
export const runsRoutes: RouteModule = (app, { runs, events, operations }) => {
  const stopRelay = runs.onChange((update) => events.publish('run_updated', update));
  const lostCheck = setInterval(() => runs.markLost(), LOST_CHECK_MS);
  lostCheck.unref();
  app.addHook('onClose', async () => {
    clearInterval(lostCheck);
    stopRelay();
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/runs',
    {
      schema: {
        summary: 'Open a run (clarity-hitl run)',
        tags: ['runs'],
        body: RunStartSchema.describe('run'),
        response: { 201: z.object({ id: z.string(), run: RunSummarySchema }) },
      },
    },
    async (req, reply) => {
      const run = runs.start(req.body);
      return reply.code(201).send({ id: run.id, run });
    },
  );

  api.post(
    '/api/runs/:id/events',
    {
      schema: {
        summary: 'Append a batch of a run’s output lines (exit ends it)',
        tags: ['runs'],
        params: RunParams,
        body: RunBatchSchema.describe('batch'),
        response: {
          200: z.object({ ok: z.literal(true), accepted: z.number(), run: RunSummarySchema }),
        },
      },
    },
    async (req) => {
      const { entries, exit } = req.body;
      const run = runs.append(req.params.id, entries, exit);
      return { ok: true as const, accepted: entries.length, run };
    },
  );

  api.get(
    '/api/runs',
    {
      schema: {
        summary: 'Every run the broker keeps',
        tags: ['runs'],
        response: { 200: RunListSchema },
      },
    },
    async () => operations.listRuns(),
  );

  api.get(
    '/api/runs/:id',
    {
      schema: {
        summary: 'One run with its entries',
        tags: ['runs'],
        params: RunParams,
        response: { 200: RunDetailSchema },
      },
    },
    async (req) => operations.getRun(req.params.id),
  );
};
