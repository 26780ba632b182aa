import type { FastifyReply, FastifyRequest } from 'fastify';
import { waitWhileConnected } from '../../adapters/held-request';
import { parseHumanQuestion } from '../../adapters/questfoundry/asked-question';
import {
  QUESTFOUNDRY_SOURCE,
  questionOf,
  questionToRequest,
  responseEnvelope,
} from '../../adapters/questfoundry/mapping';
import type { HitlRequest } from '@contract/request';
import type { RouteModule } from '../context';
import { HttpError } from '../http-error';

const BASE = '/api/questfoundry/questions';

/**
 * QuestFoundry `human.question` → `human.response`, in the shape of the spec's JSON Schema or the
 * prompt layer's (docs/protocols.md#questfoundry); the response is valid against the schema.
 * `POST /api/questfoundry/questions` holds until answered and replies with the response envelope;
 * with `?wait=0` or `Prefer: respond-async` it answers 202 at once with a URL to poll:
 * `GET /api/questfoundry/questions/:id` → 200 envelope | 202 pending | 410 cancelled/expired | 404.
 */
export const questfoundryRoutes: RouteModule = (app, { broker }) => {
  app.post<{ Querystring: { wait?: string } }>(BASE, async (req, reply) => {
    const question = parseHumanQuestion(req.body ?? {});
    const polled = wantsAsync(req);
    const request = broker.add(questionToRequest(question, req.body, { durable: polled }));
    if (polled) {
      const poll = `${BASE}/${encodeURIComponent(question.id)}`;
      return reply
        .code(202)
        .header('location', poll)
        .send({ status: 'pending', id: question.id, poll });
    }
    const resolved = await waitWhileConnected(broker, request.id, reply.raw);
    if (!resolved) return reply;
    return sendOutcome(reply, resolved);
  });

  app.get<{ Params: { id: string } }>(`${BASE}/:id`, async (req, reply) => {
    const request = broker.findByKey(req.params.id, [QUESTFOUNDRY_SOURCE]);
    if (!request)
      throw new HttpError(404, 'not_found', `no human.question with id ${req.params.id}`);
    if (request.status === 'pending')
      return reply.code(202).send({ status: 'pending', id: request.key });
    return sendOutcome(reply, request);
  });
};

function wantsAsync(req: FastifyRequest<{ Querystring: { wait?: string } }>): boolean {
  const prefer = String(req.headers.prefer ?? '').toLowerCase();
  return req.query.wait === '0' || prefer.split(/[,;\s]+/).includes('respond-async');
}

/** 200 with the `human.response` envelope, or 410 when it was cancelled or expired. */
function sendOutcome(reply: FastifyReply, request: HitlRequest) {
  if (request.status === 'answered')
    return reply.code(200).send(responseEnvelope(questionOf(request), request));
  const why =
    request.status === 'cancelled'
      ? `the operator cancelled it${request.cancelReason ? ` (${request.cancelReason})` : ''}`
      : 'it expired';
  return reply.code(410).send({
    error: request.status,
    id: request.key,
    message: `no answer to ${request.key}: ${why}; send a new human.question to ask again`,
  });
}
