import { z } from 'zod';
import { RequestListSchema } from '@contract/inbox-results';
import { UnreadableListSchema } from '@contract/unreadable';
import type { RouteModule } from '../context';
import type { ZodTypeProvider } from '../schema/zod-type-provider';

const DismissBodySchema = z.object({ id: z.string().min(1).max(10_000) }).describe('dismiss');
const TAGS = ['inbox'];
const LIST = {
  summary: 'The "could not read" items, with the list’s epoch and revision',
  tags: TAGS,
  response: { 200: UnreadableListSchema },
};
const DISMISS = {
  summary: 'Dismiss one "could not read" item; the list left',
  tags: TAGS,
  body: DismissBodySchema,
  response: { 200: UnreadableListSchema },
};
const UNDELIVERED = {
  summary: 'Answered requests whose answer has not reached the agent yet',
  tags: TAGS,
  response: { 200: RequestListSchema },
};

/**
 * The inbox's "could not read" items (docs/http-api.md): `GET /api/unreadable` lists them,
 * `POST /api/unreadable/dismiss {id}` dismisses one. Changes also go out as SSE `unreadable`.
 * `GET /api/undelivered`: the answered requests whose answer has not reached the agent yet
 * (delivery `awaiting` or `retrying`), each with its `delivery` state. All three are inbox
 * operations (main/operations): IPC `unreadable:list` / `unreadable:dismiss` give the same shapes.
 */
export const unreadableRoutes: RouteModule = (app, { operations }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/unreadable', { schema: LIST }, async () => operations.listUnreadable());
  api.get('/api/undelivered', { schema: UNDELIVERED }, async () => operations.listUndelivered());
  api.post('/api/unreadable/dismiss', { schema: DISMISS }, async (request) =>
    operations.dismissUnreadable(request.body.id),
  );
};
