import { z } from 'zod';
import { parseOrThrow } from '../../broker/validation';
import type { RouteModule } from '../context';
import { HttpError } from '../http-error';
import { toPublicRequest } from '../views';

const DismissBodySchema = z.object({ id: z.string().min(1).max(10_000) });

/**
 * The inbox's "could not read" items (docs/http-api.md): `GET /api/unreadable` lists them,
 * `POST /api/unreadable/dismiss {id}` dismisses one. Changes also go out as SSE `unreadable`.
 * `GET /api/undelivered`: the answered requests whose answer has not reached the agent yet
 * (delivery `awaiting` or `retrying`), each with its `delivery` state.
 */
export const unreadableRoutes: RouteModule = (app, { broker }) => {
  app.get('/api/unreadable', async () => broker.unreadable.snapshot());

  app.get('/api/undelivered', async () => ({
    requests: broker.deliveries.undelivered().map(toPublicRequest),
  }));

  app.post('/api/unreadable/dismiss', async (request) => {
    const { id } = parseOrThrow(DismissBodySchema, request.body ?? {}, 'dismiss');
    if (!broker.unreadable.dismiss(id))
      throw new HttpError(404, 'not_found', `no "could not read" item ${id}`);
    return broker.unreadable.snapshot();
  });
};
