import { z } from 'zod';
import { HookAgentSchema, HookPostSchema } from '../../adapters/coding-agents/hook-event';
import { HookDesk } from '../../adapters/coding-agents/hook-desk';
import { waitWhileConnected } from '../../adapters/held-request';
import { parseOrThrow } from '../../broker/validation';
import type { RouteModule } from '../context';

const AgentParamsSchema = z.object({ agent: HookAgentSchema });
const RuleParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * Coding-agent hooks (`clarity-hitl hook claude-code|codex`) and their remembered rules:
 * - `POST /api/hooks/{agent}` `{ event, timeoutSeconds? }`: held open until the operator decides
 *   (or a rule does at once); `{ decision: {behavior, message?} | null }`. Hanging up cancels.
 * - `GET /api/rules`, `POST /api/rules/{id}/revoke`: the rules list of the settings view and CLI.
 */
export const hookRoutes: RouteModule = (app, { broker, rules }) => {
  const desk = new HookDesk(broker, rules);

  app.post('/api/hooks/:agent', async (req, reply) => {
    const { agent } = parseOrThrow(AgentParamsSchema, req.params, 'path');
    const post = parseOrThrow(HookPostSchema, req.body, 'hook body');
    const result = await desk.handle(agent, post, (id) =>
      waitWhileConnected(broker, id, reply.raw),
    );
    return result;
  });

  app.get('/api/rules', async () => ({ rules: rules.list() }));

  app.post('/api/rules/:id/revoke', async (req) => {
    const { id } = parseOrThrow(RuleParamsSchema, req.params, 'path');
    return { rule: rules.revoke(id) };
  });
};
