import { cueOutcome } from '../../adapters/cueme/cue-request';
import { waitWhileConnected } from '../../adapters/held-request';
import { AskBodySchema, openAsk } from '../../adapters/mcp/ask';
import { parseOrThrow } from '../../broker/validation';
import type { RouteModule } from '../context';

/**
 * `POST /api/mcp/ask`: the broker side of `clarity-hitl mcp`'s `ask_human` tool. Held until
 * resolved; answers `{status: "answered", text}` | `{status: "cancelled", reason?}` | `{status: "expired"}`.
 */
export const mcpRoutes: RouteModule = (app, { broker }) => {
  app.post('/api/mcp/ask', async (req, reply) => {
    const body = parseOrThrow(AskBodySchema, req.body ?? {}, 'ask body');
    const request = openAsk(broker, body);
    const resolved = await waitWhileConnected(broker, request.id, reply.raw);
    if (!resolved) return reply;
    return cueOutcome(resolved, body.timeout_sec);
  });
};
