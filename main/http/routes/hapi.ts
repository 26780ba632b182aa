import { z } from 'zod';
import { AgentMessageSchema } from '@contract/agent-message';
import { parseOrThrow } from '../../broker/validation';
import type { RouteModule } from '../context';
import { AgentIdSchema } from '@contract/agent-id';

/** A batch of AgentMessages (order kept); a single message is posted as itself. */
const BatchSchema = z.array(AgentMessageSchema).min(1).max(200);
const ListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(1000).optional() });

/**
 * HAPI agent messages (docs/protocols.md#hapi-agent-messages): agents post `AgentMessage {role, content}` for
 * their agent id (the same id their requests carry in `request.agent.id`, e.g. a cueme agent_id);
 * the UI reads the recent ones and hears new ones as SSE `agent_message` events.
 */
export const hapiRoutes: RouteModule = (app, { agentMessages: store }) => {
  app.post<{ Params: { agentId: string } }>('/api/agents/:agentId/messages', async (req, reply) => {
    const agentId = parseOrThrow(AgentIdSchema, req.params.agentId, 'agentId');
    const messages = Array.isArray(req.body)
      ? parseOrThrow(BatchSchema, req.body, 'agent messages')
      : [parseOrThrow(AgentMessageSchema, req.body, 'agent message')];
    for (const message of messages) store.append(agentId, message);
    return reply.code(201).send({ ok: true, agentId, accepted: messages.length });
  });

  app.get<{ Params: { agentId: string } }>('/api/agents/:agentId/messages', async (req) => {
    const agentId = parseOrThrow(AgentIdSchema, req.params.agentId, 'agentId');
    const { limit } = parseOrThrow(ListQuerySchema, req.query ?? {}, 'query');
    return { messages: store.list(agentId, limit) };
  });
};
