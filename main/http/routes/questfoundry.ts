import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { waitWhileConnected } from '../../adapters/held-request';
import { reportWhenSent } from '../../adapters/delivery-on-send';
import { refuseUnsaved } from '../refuse-unsaved';
import { parseHumanQuestion } from '../../adapters/questfoundry/asked-question';
import { HumanQuestionSchema } from '../../adapters/questfoundry/envelope';
import { SchemaHumanQuestionSchema } from '../../adapters/questfoundry/schema-envelope';
import { HumanResponseSchema } from '../../adapters/questfoundry/response-schema';
import {
  QUESTFOUNDRY_SOURCE,
  questionOf,
  questionToRequest,
  responseEnvelope,
} from '../../adapters/questfoundry/mapping';
import type { HitlRequest } from '@contract/request';
import type { RouteModule } from '../context';
import { HttpError } from '../http-error';
import { parsedBy } from '../schema/parsed-by';
import type { ZodTypeProvider } from '../schema/zod-type-provider';

const BASE = '/api/questfoundry/questions';

/** Either shape of `human.question`, read by the adapter's parser; the raw envelope is kept. */
const AskBody = parsedBy(
  (raw) => ({ question: parseHumanQuestion(raw ?? {}), raw }),
  z.union([SchemaHumanQuestionSchema, HumanQuestionSchema]),
);
const AskQuery = z.object({ wait: z.string().optional() });
const PollParams = z.object({ id: z.string() });
const TAGS = ['QuestFoundry'];
const Answered = HumanResponseSchema.describe('the human.response envelope: the operator answered');
const Gone = z
  .object({ error: z.enum(['cancelled', 'expired']), id: z.string(), message: z.string() })
  .describe('no answer will come: the operator cancelled the question, or it expired');
const ASK_REPLIES = {
  200: Answered,
  202: z
    .object({ status: z.literal('pending'), id: z.string(), poll: z.string() })
    .describe('accepted (?wait=0 or Prefer: respond-async): poll the URL (also in Location)'),
  410: Gone,
};
const POLL_REPLIES = {
  200: Answered,
  202: z
    .object({ status: z.literal('pending'), id: z.string() })
    .describe('not answered yet: poll again'),
  410: Gone,
};

/**
 * QuestFoundry `human.question` → `human.response`, in the shape of the spec's JSON Schema or the
 * prompt layer's (docs/protocols.md#questfoundry); the response is valid against the schema.
 * `POST /api/questfoundry/questions` holds until answered and replies with the response envelope;
 * with `?wait=0` or `Prefer: respond-async` it answers 202 at once with a URL to poll:
 * `GET /api/questfoundry/questions/:id` → 200 envelope | 202 pending | 410 cancelled/expired | 404.
 */
export const questfoundryRoutes: RouteModule = (app, context) => {
  const { broker } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const askSchema = {
    summary:
      'Ask a human.question; held until answered (202 with ?wait=0 or Prefer: respond-async)',
    tags: TAGS,
    body: AskBody,
    querystring: AskQuery,
    response: ASK_REPLIES,
  };
  api.post(BASE, { schema: askSchema }, async (req, reply) => {
    const { question, raw } = req.body;
    const polled = wantsAsync(req);
    // The held reply, or the poll that collects it, carries the answer: its sending is reported.
    broker.deliveries.expect(QUESTFOUNDRY_SOURCE);
    const request = broker.add(questionToRequest(question, raw, { durable: polled }));
    if (polled) {
      // Acknowledged with 202, it must survive a restart: refused (507) when it was not saved.
      refuseUnsaved(context, request);
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

  const pollSchema = {
    summary: 'The human.response (200), pending (202), cancelled or expired (410)',
    tags: TAGS,
    params: PollParams,
    response: POLL_REPLIES,
  };
  api.get(`${BASE}/:id`, { schema: pollSchema }, async (req, reply) => {
    const request = broker.findByKey(req.params.id, [QUESTFOUNDRY_SOURCE]);
    if (!request)
      throw new HttpError(404, 'not_found', `no human.question with id ${req.params.id}`);
    if (request.status === 'pending')
      return reply.code(202).send({ status: 'pending', id: request.key });
    reportWhenSent(broker, request, reply.raw);
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
