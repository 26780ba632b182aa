import { z } from 'zod';
import { cueOutcome } from '../../adapters/cueme/cue-request';
import { cancelAsAgent, waitAWhile, waitWhileConnected } from '../../adapters/held-request';
import { reportWhenSent } from '../../adapters/delivery-on-send';
import { AskBodySchema, MCP_SOURCE, openAsk } from '../../adapters/mcp/ask';
import type { RouteModule } from '../context';
import { HttpError } from '../http-error';
import { MAX_WAIT_SECONDS } from '../long-poll';
import type { ZodTypeProvider } from '../schema/zod-type-provider';

const WaitQuerySchema = z.object({
  wait: z.coerce.number().positive().max(MAX_WAIT_SECONDS).optional(),
});
const HandleParams = z.object({ handle: z.string() });
const TAGS = ['MCP'];
const Outcome = z
  .object({
    status: z.string(),
    text: z.string().optional(),
    reason: z.string().optional(),
    timeout_sec: z.number().optional(),
    handle: z.string().optional(),
  })
  .describe('answered (text), pending (handle: wait again), cancelled or expired');

/**
 * The broker side of `clarity-hitl mcp`'s tools.
 * - `POST /api/mcp/ask`: held until resolved → `{status: "answered", text}` |
 *   `{status: "cancelled", reason?}` | `{status: "expired"}`; hanging up withdraws the question.
 * - `POST /api/mcp/ask?wait=secs`: the same for at most `secs`, then `{status: "pending", handle}`
 *   with the question left open (every reply carries the `handle`); hanging up before still withdraws.
 * - `GET /api/mcp/asks/:handle?wait=secs`: waits on that question again (hanging up leaves it open).
 * - `POST /api/mcp/asks/:handle/cancel`: withdraws it.
 */
export const mcpRoutes: RouteModule = (app, { broker }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const askSchema = {
    summary: 'Ask (clarity-hitl mcp’s ask_human); held, or for at most ?wait= seconds',
    tags: TAGS,
    body: AskBodySchema.describe('ask body'),
    querystring: WaitQuerySchema,
    response: { 200: Outcome },
  };
  api.post('/api/mcp/ask', { schema: askSchema }, async (req, reply) => {
    const body = req.body;
    const { wait } = req.query;
    const request = openAsk(broker, body);
    if (wait === undefined) {
      const resolved = await waitWhileConnected(broker, request.id, reply.raw);
      if (!resolved) return reply;
      return cueOutcome(resolved, body.timeout_sec);
    }
    const outcome = await waitAWhile(broker, request.id, reply.raw, wait * 1000, true);
    if (!outcome) return reply;
    if (outcome === 'pending') return { status: 'pending', handle: request.key };
    return { ...cueOutcome(outcome, body.timeout_sec), handle: request.key };
  });

  const waitSchema = {
    summary: 'Wait on an open question again (wait_for_answer)',
    tags: TAGS,
    params: HandleParams,
    querystring: WaitQuerySchema,
    response: { 200: Outcome },
  };
  api.get('/api/mcp/asks/:handle', { schema: waitSchema }, async (req, reply) => {
    const { wait } = req.query;
    const request = broker.findByKey(req.params.handle, [MCP_SOURCE]);
    if (!request) throw new HttpError(404, 'not_found', `no MCP question ${req.params.handle}`);
    const timeoutSec = request.expiresAt
      ? (request.expiresAt - request.createdAt) / 1000
      : undefined;
    const outcome =
      request.status !== 'pending' || !wait
        ? request.status === 'pending'
          ? ('pending' as const)
          : request
        : await waitAWhile(broker, request.id, reply.raw, wait * 1000, false);
    if (!outcome) return reply;
    if (outcome === 'pending') return { status: 'pending', handle: request.key };
    // Answered before this wait: this reply delivers it (a held wait reported on its own).
    if (outcome === request) reportWhenSent(broker, request, reply.raw);
    return { ...cueOutcome(outcome, timeoutSec), handle: request.key };
  });

  const cancelSchema = {
    summary: 'Withdraw an open question',
    tags: TAGS,
    params: HandleParams,
    response: {
      200: z
        .object({ status: z.string(), handle: z.string() })
        .describe('its status now: cancelled, or how it ended before (answered, expired)'),
    },
  };
  api.post('/api/mcp/asks/:handle/cancel', { schema: cancelSchema }, async (req) => {
    const request = broker.findByKey(req.params.handle, [MCP_SOURCE]);
    if (!request) throw new HttpError(404, 'not_found', `no MCP question ${req.params.handle}`);
    if (request.status === 'pending')
      await cancelAsAgent(broker, request.id, 'the agent stopped waiting');
    return { status: broker.get(request.id)?.status ?? 'cancelled', handle: request.key };
  });
};
