import type { AgentMessageView } from '../../../main/broker/agent-message';
import type { HttpContext, RouteModule } from '../../../main/http/context';

/**
 * A stand-in for the HAPI routes of docs/http-api.md (GET /api/agents/:agentId/messages plus the
 * `agent_message` SSE event) for UI tests, registered only when the server has no such route yet.
 */
export function agentMessagesRoute(): { route: RouteModule; post: (agentId: string, message: AgentMessageView) => void } {
  const store = new Map<string, AgentMessageView[]>();
  let context: HttpContext | undefined;
  const route: RouteModule = (app, ctx) => {
    context = ctx;
    if (app.hasRoute({ method: 'GET', url: '/api/agents/:agentId/messages' })) return;
    try {
      app.get<{ Params: { agentId: string } }>('/api/agents/:agentId/messages', async (request) => ({
        messages: store.get(request.params.agentId) ?? [],
      }));
    } catch {
      // the real HAPI route landed under another parameter name: the real one serves it
    }
  };
  const post = (agentId: string, message: AgentMessageView) => {
    store.set(agentId, [...(store.get(agentId) ?? []), message]);
    context?.events.publish('agent_message', { agentId, message });
  };
  return { route, post };
}
