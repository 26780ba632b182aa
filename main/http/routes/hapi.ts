import { z } from 'zod';
import type { AgentMessage } from '@contract/agent-message';
import { parseOrThrow } from '../../broker/validation';
import { readHapiMessage } from '../../adapters/hapi/hapi-envelope';
import type { RouteModule } from '../context';
import { AgentIdSchema } from '@contract/agent-id';
import { AgentMessageSchema } from '@contract/agent-message';
import { checkedByHandler } from '../schema/parsed-by';
import type { ZodTypeProvider } from '../schema/zod-type-provider';
import { AgentMessageListSchema } from '@contract/inbox-results';

/** A batch of messages (order kept); a single message is posted as itself. */
const BatchSchema = z.array(z.unknown()).min(1).max(200);
const ListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(1000).optional() });
/** The agent id is checked by the handlers (their 400 names `agentId` as before). */
const Params = checkedByHandler(z.object({ agentId: AgentIdSchema }));
const TAGS = ['HAPI'];
const POST = {
  summary: 'Post an agent’s messages (one, a batch, or HAPI’s {type: "output"} envelope)',
  tags: TAGS,
  params: Params,
  body: checkedByHandler(z.union([AgentMessageSchema, z.array(z.unknown()).min(1).max(200)])),
  response: {
    201: z
      .object({
        ok: z.literal(true),
        agentId: z.string(),
        accepted: z.number().int(),
        ignored: z.number().int().optional(),
      })
      .describe('stored: how many were posted, and how many of them were not shown (ignored)'),
  },
};
const LIST = {
  summary: 'An agent’s recent messages',
  tags: TAGS,
  params: Params,
  querystring: ListQuerySchema,
  response: { 200: AgentMessageListSchema },
};

/**
 * HAPI agent messages (docs/protocols.md#hapi-agent-messages): agents post `AgentMessage {role, content}`
 * (or HAPI's own `{type: "output"}` envelope) for their agent id (the same id their requests carry in `request.agent.id`, e.g. a cueme agent_id);
 * the UI reads the recent ones (the inbox operation `agentMessages`, as IPC `inbox:agent-messages`)
 * and hears new ones as SSE `agent_message` events.
 */
export const hapiRoutes: RouteModule = (app, { agentMessages: store, operations }) => {
  app.post<{ Params: { agentId: string } }>(
    '/api/agents/:agentId/messages',
    { schema: POST },
    async (req, reply) => {
      const agentId = parseOrThrow(AgentIdSchema, req.params.agentId, 'agentId');
      const posted = Array.isArray(req.body)
        ? parseOrThrow(BatchSchema, req.body, 'agent messages')
        : [req.body];
      const what = (i: number) =>
        Array.isArray(req.body) ? `agent messages.${i}` : 'agent message';
      // All read before any is stored: a bad one in a batch stores none.
      const shown = posted
        .map((raw, i) => readHapiMessage(raw, what(i)))
        .filter((m): m is AgentMessage => m !== undefined);
      for (const message of shown) store.append(agentId, message);
      const ignored = posted.length - shown.length;
      return reply
        .code(201)
        .send({ ok: true, agentId, accepted: posted.length, ...(ignored ? { ignored } : {}) });
    },
  );

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/agents/:agentId/messages', { schema: LIST }, async (req) => {
    const agentId = parseOrThrow(
      AgentIdSchema,
      (req.params as { agentId: string }).agentId,
      'agentId',
    );
    return operations.agentMessages(agentId, req.query.limit);
  });
};
