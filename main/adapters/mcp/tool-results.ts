import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CueOutcome } from '../cueme/wire';

/** What the broker answers an ask or a wait: the outcome, or `pending` with the handle to wait on. */
export type AskReply = (CueOutcome & { handle?: string }) | { status: 'pending'; handle: string };

/** The name of the tool that waits on a handed-off question. */
export const WAIT_TOOL = 'wait_for_answer';

/** answered → the answer text; cancelled / expired → an error result that says to ask again. */
export function toToolResult(outcome: CueOutcome): CallToolResult {
  switch (outcome.status) {
    case 'answered':
      return { content: [{ type: 'text', text: outcome.text }] };
    case 'cancelled':
      return {
        isError: true,
        content: [
          {
            type: 'text',
            text: `The operator cancelled this question${outcome.reason ? ` (${outcome.reason})` : ''}; nothing was decided. Ask again if you still need an answer.`,
          },
        ],
      };
    case 'expired':
      return {
        isError: true,
        content: [
          {
            type: 'text',
            text: `No answer${outcome.timeout_sec ? ` within ${outcome.timeout_sec} s` : ''}: the question expired and nothing was decided. Ask again if you still need an answer.`,
          },
        ],
      };
  }
}

/**
 * The result handed back before the client's request timeout: not an error, and it tells the
 * model exactly how to keep waiting (the answer is kept until it comes back for it).
 */
export function pendingResult(handle: string): CallToolResult {
  return {
    content: [
      {
        type: 'text',
        text:
          `The human operator has not answered yet. The question stays in their inbox and the answer will be kept. ` +
          `Call the ${WAIT_TOOL} tool with {"handle": "${handle}"} to keep waiting for it. ` +
          'Do not ask the same question again.',
      },
    ],
    structuredContent: { status: 'pending', handle },
  };
}

/** Any broker reply as a tool result. */
export function replyResult(reply: AskReply): CallToolResult {
  return reply.status === 'pending' ? pendingResult(reply.handle) : toToolResult(reply);
}

/** True when a cancellation came from the client's own request timeout (the SDK's -32001). */
export function isTimeoutCancel(reason: unknown): boolean {
  return /-32001|timed? ?out/i.test(String(reason ?? ''));
}
