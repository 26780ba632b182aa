import type { AgentMessage } from '@contract/agent-message';
import { readHapiMessage } from '../hapi-envelope';

/**
 * A session message from the hub's stream as the inbox shows it (the same shapes as `POST
 * /api/agents/:id/messages`: HAPI's `{type: "output"}` envelope, its user text, a UAP message);
 * undefined for anything else (events, tool progress, a malformed one): the stream is context,
 * and what cannot be read is left out.
 */
export function sessionMessage(content: unknown): AgentMessage | undefined {
  try {
    return readHapiMessage(content, 'HAPI message');
  } catch {
    return undefined;
  }
}
