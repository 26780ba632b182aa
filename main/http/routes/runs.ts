import { z } from 'zod';
import { RunBatchSchema, RunStartSchema } from '@contract/run-schemas';
import { parseOrThrow } from '../../broker/validation';
import type { RouteModule } from '../context';

const RunIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w.-]+$/, 'must be letters, digits, "_", "." or "-"');

/** How often running runs are checked for a CLI that went silent (they turn `lost`). */
const LOST_CHECK_MS = 30_000;

/**
 * Agent runs (`clarity-hitl run`, docs/http-api.md "Agent runs"): the CLI opens a run and posts
 * its output lines in batches; the UI lists runs, reads one, and hears `run_updated` SSE events.
 */
export const runsRoutes: RouteModule = (app, { runs, events }) => {
  const stopRelay = runs.onChange((update) => events.publish('run_updated', update));
  const lostCheck = setInterval(() => runs.markLost(), LOST_CHECK_MS);
  lostCheck.unref();
  app.addHook('onClose', async () => {
    clearInterval(lostCheck);
    stopRelay();
  });

  app.post('/api/runs', async (req, reply) => {
    const run = runs.start(parseOrThrow(RunStartSchema, req.body, 'run'));
    return reply.code(201).send({ id: run.id, run });
  });

  app.post<{ Params: { id: string } }>('/api/runs/:id/events', async (req) => {
    const id = parseOrThrow(RunIdSchema, req.params.id, 'id');
    const batch = parseOrThrow(RunBatchSchema, req.body, 'batch');
    const run = runs.append(id, batch.entries, batch.exit);
    return { ok: true, accepted: batch.entries.length, run };
  });

  app.get('/api/runs', async () => ({ runs: runs.list() }));

  app.get<{ Params: { id: string } }>('/api/runs/:id', async (req) =>
    runs.get(parseOrThrow(RunIdSchema, req.params.id, 'id')),
  );
};
