import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SORT_ORDERS } from '@contract/request-order';
import type { RouteModule } from '../context';
import { authorityOf, isOperator } from '../guards/authority';
import { SECURITY_HEADERS } from '../security-headers';
import { mediaReply } from '../schema/reply-media';
import type { ZodTypeProvider } from '../schema/zod-type-provider';

const EventsQuerySchema = z.object({
  snapshot_limit: z.coerce.number().int().min(1).max(100_000).optional(),
  snapshot_order: z.enum(SORT_ORDERS).optional(),
});
const EVENTS = {
  summary: 'The SSE stream: a snapshot (or Last-Event-ID replay), then live events',
  description:
    'text/event-stream: named events (snapshot, new_question, updated, answered, cancelled, expired, …) and the Clarity spec’s unnamed messages; see docs/http-api.md.',
  tags: ['events'],
  querystring: EventsQuerySchema,
  response: {
    200: mediaReply('the event stream, open until the client hangs up', ['text/event-stream']),
  },
};

/**
 * `GET /events[?snapshot_limit=N[&snapshot_order=newest|urgent|oldest]]`: the SSE stream
 * (snapshot or Last-Event-ID replay, then live events). With `snapshot_limit` the snapshot holds
 * only the first N pending requests: the newest, or the top of the list in `snapshot_order`.
 */
export const eventsRoute: RouteModule = (app, { events, phones }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/events', { schema: EVENTS }, (request, reply) => {
    const { snapshot_limit: snapshotLimit, snapshot_order: snapshotOrder } = request.query;
    const header = request.headers['last-event-id'];
    const raw = Array.isArray(header) ? header[0] : header;
    const lastEventId =
      raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    events.attach(res, lastEventId, snapshotLimit, snapshotOrder, isOperator(request));
    // A paired phone's stream ends the moment its session is revoked.
    const phone = phoneOf(request);
    if (phone !== undefined) {
      const stop = phones.onRevoked((id) => id === phone && res.destroy());
      res.on('close', stop);
    }
  });
};

/** The paired phone's session a request came with, if any. */
function phoneOf(request: FastifyRequest): string | undefined {
  const authority = authorityOf(request);
  return authority.kind === 'operator' ? authority.phone : undefined;
}
