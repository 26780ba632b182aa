import type { RouteModule } from '../context';

/**
 * `GET /api/webhooks/deliveries` (the operator's): each configured webhook (its URL redacted,
 * its format) with its last attempts: time, event, try number, status, error, outcome.
 */
export const webhookRoutes: RouteModule = (app, context) => {
  const schema = { summary: 'Each webhook’s last delivery attempts', tags: ['webhooks'] };
  app.get('/api/webhooks/deliveries', { schema }, async () => ({
    webhooks: context.webhookDeliveries?.() ?? [],
  }));
};
