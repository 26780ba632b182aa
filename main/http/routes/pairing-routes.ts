import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseOrThrow } from '../../broker/validation';
import type { RouteModule } from '../context';
import { authorityOf } from '../guards/authority';
import { HttpError } from '../http-error';
import { createPairingLink, phoneSessionList } from '../pairing/pairing-link';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * Pairing a phone (docs/phone.md), the operator's only (ROUTE_CLASSES), and not from a paired
 * phone itself: a phone's session could otherwise mint sessions that outlive its own revocation.
 * - `POST /api/pairing-links`: a one-time login link for a phone, with its QR code.
 * - `GET /api/phone-sessions`: the paired phones' sessions.
 * - `POST /api/phone-sessions/:id/revoke`: ends one at once (404 when there is none).
 */
export const pairingRoutes: RouteModule = (app, context) => {
  app.post('/api/pairing-links', async (request, reply) => {
    notFromPhone(request);
    reply.header('cache-control', 'no-store');
    return createPairingLink(context.phones, {
      ...(context.publicUrl ? { publicUrl: context.publicUrl } : {}),
      ownUrl: context.url(),
    });
  });

  app.get('/api/phone-sessions', async (request, reply) => {
    notFromPhone(request);
    reply.header('cache-control', 'no-store');
    return phoneSessionList(context.phones);
  });

  app.post('/api/phone-sessions/:id/revoke', async (request) => {
    notFromPhone(request);
    const { id } = parseOrThrow(IdParamsSchema, request.params, 'params');
    if (!context.phones.revoke(id))
      throw new HttpError(404, 'not_found', `no paired phone has the session ${id}`);
    return phoneSessionList(context.phones);
  });
};

/** 403 for a paired phone's session: pairing and its sessions are managed from the desk. */
function notFromPhone(request: FastifyRequest): void {
  const authority = authorityOf(request);
  if (authority.kind === 'operator' && authority.phone !== undefined)
    throw new HttpError(
      403,
      'operator_required',
      'a paired phone cannot pair phones or manage their sessions: do it in the inbox or the desktop settings on your computer',
    );
}
