import { z } from 'zod';
import type { RouteModule } from '../context';

const Attempt = z.object({
  at: z.number(),
  eventId: z.string(),
  event: z.string(),
  requestId: z.string(),
  attempt: z.number().int(),
  status: z.number().int().optional(),
  error: z.string().optional(),
  outcome: z.enum(['delivered', 'retrying', 'gave-up', 'refused', 'dropped']),
});
const Deliveries = z
  .object({
    webhooks: z.array(
      z.object({ url: z.string(), format: z.string(), attempts: z.array(Attempt) }),
    ),
  })
  .describe('each webhook (its URL redacted) with its last attempts, oldest first');

/**
 * `GET /api/webhooks/deliveries` (the operator's): each configured webhook (its URL redacted,
 * its format) with its last attempts: time, event, try number, status, error, outcome.
 */
export const webhookRoutes: RouteModule = (app, context) => {
  const schema = {
    summary: 'Each webhook’s last delivery attempts',
    tags: ['webhooks'],
    response: { 200: Deliveries },
  };
  app.get('/api/webhooks/deliveries', { schema }, async () => ({
    webhooks: context.webhookDeliveries?.() ?? [],
  }));
};
