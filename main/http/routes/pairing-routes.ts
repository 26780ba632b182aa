import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PairingLinkSchema, PhoneSessionListSchema } from '@contract/phone-pairing';
import type { RouteModule } from '../context';
import { authorityOf } from '../guards/authority';
import { HttpError } from '../http-error';
import { createPairingLink, phoneSessionList } from '../pairing/pairing-link';
import type { ZodTypeProvider } from '../schema/zod-type-provider';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });
const TAGS = ['pairing'];

/**
 * Pairing a phone (docs/phone.md), the operator's only (ROUTE_CLASSES), and not from a paired
 * phone itself: a phone's session could otherwise mint sessions that outlive its own revocation.
 * - `POST /api/pairing-links`: a one-time login link for a phone, with its QR code.
 * - `GET /api/phone-sessions`: the paired phones' sessions.
 * - `POST /api/phone-sessions/:id/revoke`: ends one at once (404 when there is none).
 */
export const pairingRoutes: RouteModule = (app, context) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/pairing-links',
    {
      schema: {
        summary: 'A one-time login link for a phone, with its QR code (10 minutes)',
        tags: TAGS,
        response: { 200: PairingLinkSchema },
      },
    },
    async (request, reply) => {
      notFromPhone(request);
      reply.header('cache-control', 'no-store');
      return createPairingLink(context.phones, {
        ...(context.publicUrl ? { publicUrl: context.publicUrl } : {}),
        ownUrl: context.url(),
      });
    },
  );

  api.get(
    '/api/phone-sessions',
    {
      schema: {
        summary: 'The paired phones’ sessions',
        tags: TAGS,
        response: { 200: PhoneSessionListSchema },
      },
    },
    async (request, reply) => {
      notFromPhone(request);
      reply.header('cache-control', 'no-store');
      return phoneSessionList(context.phones);
    },
  );

  api.post(
    '/api/phone-sessions/:id/revoke',
    {
      schema: {
        summary: 'Ends a paired phone’s session at once',
        tags: TAGS,
        params: IdParamsSchema,
        response: { 200: PhoneSessionListSchema },
      },
    },
    async (request) => {
      notFromPhone(request);
      const { id } = request.params;
      if (!context.phones.revoke(id))
        throw new HttpError(404, 'not_found', `no paired phone has the session ${id}`);
      return phoneSessionList(context.phones);
    },
  );
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
