import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AskBody } from './ask';
import { startProgress, type ToolExtra } from './progress';
import { isTimeoutCancel, replyResult, WAIT_TOOL, type AskReply } from './tool-results';

export { toToolResult } from './tool-results';

/** The broker calls of the tools (over HTTP in `clarity-hitl mcp`); they reject with a readable error. */
export interface McpBroker {
  /** Opens the question; resolves when answered or, with `waitMs`, after that long with `pending`. */
  ask(body: AskBody, waitMs: number | undefined, signal: AbortSignal): Promise<AskReply>;
  /** Waits on a handed-off question again (at most `waitMs` when given). */
  wait(handle: string, waitMs: number | undefined, signal: AbortSignal): Promise<AskReply>;
  /** Withdraws a handed-off question. */
  cancel(handle: string): Promise<unknown>;
}

export interface AskHumanServerOptions {
  broker: McpBroker;
  version: string;
  /** Progress notification interval while waiting (default 10 s). */
  progressIntervalMs?: number;
  /**
   * How long one tool call waits before it hands back a handle to wait on (default 50 s: under the
   * SDK client's 60 s default request timeout); 0 waits without limit.
   */
  handoffMs?: number;
}

/** Default handoff: the MCP SDK client fails a request after 60 s (DEFAULT_REQUEST_TIMEOUT_MSEC). */
export const DEFAULT_HANDOFF_MS = 50_000;

const askInput = {
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

const waitInput = {
  handle: z
    .string()
    .min(1)
    .optional()
    .describe('The handle ask_human gave back (default: the last question asked in this session).'),
};

/** What one MCP session remembers: the handle of its last question still open. */
interface Session {
  lastHandle?: string;
}

/** Runs one broker call: a client timeout leaves the question open, any other cancel withdraws it. */
async function runCall(
  session: Session,
  progressIntervalMs: number,
  extra: ToolExtra,
  call: (signal: AbortSignal) => Promise<AskReply>,
  onCancel?: () => Promise<unknown>,
): Promise<CallToolResult> {
  const upstream = new AbortController();
  const onAbort = () => {
    if (isTimeoutCancel(extra.signal.reason)) return;
    upstream.abort();
    void onCancel?.().catch(() => undefined);
  };
  extra.signal.addEventListener('abort', onAbort, { once: true });
  const progress = startProgress(extra, progressIntervalMs);
  try {
    const reply = await call(upstream.signal);
    // Forgotten once the model has the outcome; a reply to a call the client already gave up on
    // (its timeout) never reaches the model, so the handle stays for wait_for_answer.
    const delivered = !extra.signal.aborted;
    if (delivered && reply.status !== 'pending' && reply.handle === session.lastHandle)
      session.lastHandle = undefined;
    return replyResult(reply);
  } catch (error) {
    return {
      isError: true,
      content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }],
    };
  } finally {
    progress.stop();
    extra.signal.removeEventListener('abort', onAbort);
  }
}

/** The broker's ask body for one `ask_human` call. */
function askBody(
  args: {
    question: string;
    options?: string[];
    multiple?: boolean;
    title?: string;
    timeout_seconds?: number;
  },
  handle: string,
  client: string | undefined,
): AskBody {
  return {
    handle,
    question: args.question,
    ...(args.options?.length ? { options: args.options } : {}),
    ...(args.multiple !== undefined ? { multiple: args.multiple } : {}),
    ...(args.title ? { title: args.title } : {}),
    ...(args.timeout_seconds ? { timeout_sec: args.timeout_seconds } : {}),
    ...(client ? { client } : {}),
  };
}

const NO_QUESTION: CallToolResult = {
  isError: true,
  content: [{ type: 'text', text: 'No question is waiting: ask it with ask_human first.' }],
};

/**
 * The stdio MCP server of `clarity-hitl mcp`: `ask_human` becomes a request in the operator's
 * inbox and returns their answer as text. A call still unanswered after `handoffMs` returns a
 * handle instead (before the client's request timeout), and `wait_for_answer` waits on it again,
 * so a late answer is never lost. While waiting, both send `notifications/progress` when the
 * caller gave a progress token (clients with `resetTimeoutOnProgress` then keep waiting).
 */
export function createAskHumanServer(options: AskHumanServerOptions): McpServer {
  const server = new McpServer({ name: 'clarity-hitl', version: options.version });
  const handoffMs = options.handoffMs ?? DEFAULT_HANDOFF_MS;
  const waitMs = handoffMs > 0 ? handoffMs : undefined;
  const session: Session = {};
  const run = (
    extra: ToolExtra,
    call: (signal: AbortSignal) => Promise<AskReply>,
    onCancel?: () => Promise<unknown>,
  ) => runCall(session, options.progressIntervalMs ?? 10_000, extra, call, onCancel);

  server.registerTool(
    'ask_human',
    {
      title: 'Ask the human operator',
      description:
        'Ask the human operator a question through the HITL Broker inbox and wait for the answer. ' +
        'Use it when you are blocked on a decision, an approval or a fact only the human knows. ' +
        `If they take long, it returns a handle: then call ${WAIT_TOOL} with it to keep waiting.`,
      inputSchema: askInput,
    },
    async (args, extra) => {
      // Known before any reply, so wait_for_answer finds it even after a client-side timeout.
      const handle = `mcp-${randomUUID()}`;
      session.lastHandle = handle;
      const body = askBody(args, handle, server.server.getClientVersion()?.name);
      return run(extra, (signal) => options.broker.ask(body, waitMs, signal));
    },
  );

  server.registerTool(
    WAIT_TOOL,
    {
      title: 'Keep waiting for the human operator',
      description:
        'Wait again for the answer to a question ask_human handed back as pending (it returns the ' +
        'answer, or the same handle again if there is still none yet).',
      inputSchema: waitInput,
    },
    async (args, extra) => {
      const handle = args.handle ?? session.lastHandle;
      if (!handle) return NO_QUESTION;
      return run(
        extra,
        (signal) => options.broker.wait(handle, waitMs, signal),
        () => options.broker.cancel(handle),
      );
    },
  );
  return server;
}
