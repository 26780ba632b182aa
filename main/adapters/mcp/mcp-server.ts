import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { CueOutcome } from '../cueme/wire';
import type { AskBody } from './ask';

/** Asks the broker (over HTTP in `clarity-hitl mcp`); rejects with a readable error when it cannot. */
export type AskBroker = (body: AskBody, signal: AbortSignal) => Promise<CueOutcome>;

export interface AskHumanServerOptions {
  ask: AskBroker;
  version: string;
  /** Progress notification interval while waiting (default 10 s). */
  progressIntervalMs?: number;
}

const inputSchema = {
  question: z
    .string()
    .min(1)
    .describe('The question for the human operator, in markdown. Include the context they need.'),
  options: z
    .array(z.string().min(1))
    .optional()
    .describe('Suggested answers; the operator may also type free text.'),
  multiple: z.boolean().optional().describe('Allow picking several options.'),
  title: z.string().optional().describe('A short title for the inbox.'),
  timeout_seconds: z
    .number()
    .positive()
    .optional()
    .describe('Give up after this many seconds (default: wait without limit).'),
};

/**
 * The stdio MCP server of `clarity-hitl mcp`: one tool, `ask_human`, which becomes a request in
 * the operator's inbox and returns their answer as text. While waiting it sends
 * `notifications/progress` when the caller gave a progress token, so clients do not time out.
 */
export function createAskHumanServer(options: AskHumanServerOptions): McpServer {
  const server = new McpServer({ name: 'clarity-hitl', version: options.version });
  server.registerTool(
    'ask_human',
    {
      title: 'Ask the human operator',
      description:
        'Ask the human operator a question through the HITL Broker inbox and wait for the answer. ' +
        'Use it when you are blocked on a decision, an approval or a fact only the human knows.',
      inputSchema,
    },
    async (args, extra): Promise<CallToolResult> => {
      const client = server.server.getClientVersion()?.name;
      const body: AskBody = {
        question: args.question,
        ...(args.options?.length ? { options: args.options } : {}),
        ...(args.multiple !== undefined ? { multiple: args.multiple } : {}),
        ...(args.title ? { title: args.title } : {}),
        ...(args.timeout_seconds ? { timeout_sec: args.timeout_seconds } : {}),
        ...(client ? { client } : {}),
      };
      const token = extra._meta?.progressToken;
      let beats = 0;
      const timer =
        token === undefined
          ? undefined
          : setInterval(() => {
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
            }, options.progressIntervalMs ?? 10_000);
      try {
        return toToolResult(await options.ask(body, extra.signal));
      } catch (error) {
        return {
          isError: true,
          content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }],
        };
      } finally {
        if (timer) clearInterval(timer);
      }
    },
  );
  return server;
}

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
