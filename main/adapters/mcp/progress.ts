import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Sends `notifications/progress` every `intervalMs` while a tool waits, when the caller gave a
 * progress token (nothing otherwise); `stop()` ends it.
 */
export function startProgress(extra: ToolExtra, intervalMs: number): { stop(): void } {
  const token = extra._meta?.progressToken;
  if (token === undefined) return { stop: () => undefined };
  let beats = 0;
  const timer = setInterval(() => {
    beats += 1;
    void extra
      .sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress: beats,
          message: 'waiting for the human operator to answer',
        },
      })
      .catch(() => undefined);
  }, intervalMs);
  return { stop: () => clearInterval(timer) };
}
