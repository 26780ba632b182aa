import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A content block of the Anthropic Messages API, as far as this stand-in reads them. */
export interface Block {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}

interface Message {
  role: string;
  content: string | Block[];
}

/** The body of `POST /v1/messages` (the fields this stand-in reads). */
export interface MessagesBody {
  model?: string;
  stream?: boolean;
  tools?: Array<{ name: string }>;
  messages: Message[];
}

/** What the stand-in answers to one request of the agent's main loop. */
export type Turn = { toolUse: { name: string; input: unknown } } | { text: string };

export interface FakeModel {
  /** ANTHROPIC_BASE_URL for the agent. */
  url: string;
  /** Every `POST /v1/messages` body received, side requests included. */
  readonly received: MessagesBody[];
  /** The tool_result the agent sends back for the stand-in's tool_use (resolves when it does). */
  toolResult(): Promise<Block>;
  close(): Promise<void>;
}

/**
 * A local stand-in for the Anthropic Messages API (streaming SSE or plain JSON): the agent's main
 * loop (a request that offers `mainTool` among its tools) gets `firstTurn` for its first user
 * message, and once it sends the tool_result for that tool_use, a short closing text. Every other
 * request (titles, summaries, token counts) gets a plain short text.
 */
export async function startFakeModel(mainTool: string, firstTurn: Turn): Promise<FakeModel> {
  const received: MessagesBody[] = [];
  let settle: (block: Block) => void = () => undefined;
  const result = new Promise<Block>((resolve) => (settle = resolve));
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages'))
        return send(res, 404, { type: 'error', error: { type: 'not_found_error', message: '' } });
      if (req.url.startsWith('/v1/messages/count_tokens'))
        return send(res, 200, { input_tokens: 12 });
      const body = JSON.parse(text) as MessagesBody;
      received.push(body);
      const turn = turnFor(body, mainTool, firstTurn, settle);
      if (body.stream) stream(res, body.model, turn);
      else send(res, 200, message(body.model, turn));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    toolResult: () => result,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const TOOL_USE_ID = 'toolu_hitl_e2e_1';

function turnFor(
  body: MessagesBody,
  mainTool: string,
  firstTurn: Turn,
  settle: (block: Block) => void,
): Turn {
  if (!body.tools?.some((t) => t.name === mainTool)) return { text: 'OK' };
  const answered = body.messages
    .flatMap((m) => (typeof m.content === 'string' ? [] : m.content))
    .find((b) => b.type === 'tool_result' && b.tool_use_id === TOOL_USE_ID);
  if (answered) {
    settle(answered);
    return { text: 'Thanks, done.' };
  }
  return firstTurn;
}

function contentOf(turn: Turn): Block {
  return 'toolUse' in turn
    ? { type: 'tool_use', id: TOOL_USE_ID, name: turn.toolUse.name, input: turn.toolUse.input }
    : { type: 'text', text: turn.text };
}

function message(model: string | undefined, turn: Turn) {
  return {
    id: `msg_${Math.random().toString(36).slice(2)}`,
    type: 'message',
    role: 'assistant',
    model: model ?? 'claude-stand-in',
    content: [contentOf(turn)],
    stop_reason: 'toolUse' in turn ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 6 },
  };
}

/** The same message as the SSE events of a streamed reply. */
function stream(res: ServerResponse, model: string | undefined, turn: Turn): void {
  const full = message(model, turn);
  const block = contentOf(turn);
  const start = block.type === 'tool_use' ? { ...block, input: {} } : { type: 'text', text: '' };
  const delta =
    block.type === 'tool_use'
      ? { type: 'input_json_delta', partial_json: JSON.stringify(block.input) }
      : { type: 'text_delta', text: block.text };
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const events: Array<[string, unknown]> = [
    ['message_start', { message: { ...full, content: [], stop_reason: null } }],
    ['content_block_start', { index: 0, content_block: start }],
    ['content_block_delta', { index: 0, delta }],
    ['content_block_stop', { index: 0 }],
    [
      'message_delta',
      { delta: { stop_reason: full.stop_reason, stop_sequence: null }, usage: full.usage },
    ],
    ['message_stop', {}],
  ];
  for (const [type, data] of events)
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...(data as object) })}\n\n`);
  res.end();
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
