import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message as the fake keeps it (the Bot API's `Message`, the fields the broker's tests read). */
export interface BotMessage {
  message_id: number;
  date: number;
  chat: { id: number; type: 'private' | 'group' };
  text: string;
  reply_markup?: { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };
  edits: number;
}

/** A call the fake received: its method and JSON parameters. */
export interface BotCall {
  method: string;
  params: Record<string, unknown>;
}

interface Waiter {
  offset: number;
  response: ServerResponse;
  timer: NodeJS.Timeout;
}

/**
 * The parts of the Telegram Bot API the broker uses, on 127.0.0.1 (Telegram cannot be reached
 * from these machines): `POST /bot<token>/<method>` with a JSON body for `sendMessage`,
 * `editMessageText`, `answerCallbackQuery` and `getUpdates` (long polling: held until an update
 * comes or `timeout` seconds pass; an `offset` confirms every update before it). `press` makes
 * the callback query a Telegram client makes when a user taps an inline button; a wrong token gets
 * 401 as from Telegram.
 */
export async function startFakeBotApi(
  token: string,
  /** Told of each call's raw body as it lands (before the server parses it). */
  onCall?: (method: string, body: string) => void,
) {
  const calls: BotCall[] = [];
  const messages: BotMessage[] = [];
  const updates: Array<{ update_id: number; [field: string]: unknown }> = [];
  const waiters = new Set<Waiter>();
  const failures = new Map<string, Array<{ status: number; retryAfter?: number }>>();
  let nextUpdate = 500;
  let nextMessage = 40;

  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const pending = (offset: number) => updates.filter((u) => u.update_id >= offset);
  const wake = () => {
    for (const waiter of [...waiters]) {
      const ready = pending(waiter.offset);
      if (ready.length === 0) continue;
      clearTimeout(waiter.timer);
      waiters.delete(waiter);
      reply(waiter.response, 200, { ok: true, result: ready });
    }
  };

  const methods: Record<string, (p: Record<string, unknown>, r: ServerResponse) => void> = {
    sendMessage: (params, response) => {
      const message: BotMessage = {
        message_id: nextMessage++,
        date: Math.floor(Date.now() / 1000),
        chat: {
          id: Number(params.chat_id),
          type: Number(params.chat_id) < 0 ? 'group' : 'private',
        },
        text: String(params.text),
        ...(params.reply_markup
          ? { reply_markup: params.reply_markup as BotMessage['reply_markup'] }
          : {}),
        edits: 0,
      };
      messages.push(message);
      reply(response, 200, { ok: true, result: message });
    },
    editMessageText: (params, response) => {
      const message = messages.find(
        (m) => m.message_id === params.message_id && m.chat.id === Number(params.chat_id),
      );
      if (!message)
        return reply(response, 400, {
          ok: false,
          error_code: 400,
          description: 'Bad Request: message to edit not found',
        });
      message.text = String(params.text);
      if (params.reply_markup)
        message.reply_markup = params.reply_markup as BotMessage['reply_markup'];
      else delete message.reply_markup;
      message.edits++;
      reply(response, 200, { ok: true, result: message });
    },
    answerCallbackQuery: (_params, response) => reply(response, 200, { ok: true, result: true }),
    getUpdates: (params, response) => {
      const offset = Number(params.offset ?? 0);
      updates.splice(0, updates.length, ...pending(offset));
      const ready = pending(offset);
      if (ready.length > 0) return reply(response, 200, { ok: true, result: ready });
      const waiter: Waiter = {
        offset,
        response,
        timer: setTimeout(
          () => {
            waiters.delete(waiter);
            reply(response, 200, { ok: true, result: [] });
          },
          Number(params.timeout ?? 0) * 1000,
        ),
      };
      waiters.add(waiter);
      response.on('close', () => {
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
      });
    },
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match)
        return reply(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
      if (match[1] !== token)
        return reply(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const method = match[2]!;
      onCall?.(method, Buffer.concat(chunks).toString('utf8'));
      const params = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
        string,
        unknown
      >;
      calls.push({ method, params });
      const failure = failures.get(method)?.shift();
      if (failure)
        return reply(response, failure.status, {
          ok: false,
          error_code: failure.status,
          description:
            failure.status === 429 ? 'Too Many Requests: retry after 1' : 'Internal Server Error',
          ...(failure.retryAfter !== undefined
            ? { parameters: { retry_after: failure.retryAfter } }
            : {}),
        });
      const handler = methods[method];
      if (!handler)
        return reply(response, 404, {
          ok: false,
          error_code: 404,
          description: 'Not Found: method not found',
        });
      handler(params, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    calls,
    messages,
    /** The calls of one method, oldest first. */
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    /**
     * A tap on an inline button, as Telegram reports it: a callback query from `from` in `chat`
     * on `message`, carrying `data` (the button's callback_data unless given). Returns its id.
     */
    press(
      message: BotMessage,
      button: number,
      by: { from: number; chat?: number; data?: string },
    ): string {
      const data = by.data ?? message.reply_markup!.inline_keyboard.flat()[button]!.callback_data;
      const id = `cb${nextUpdate}`;
      updates.push({
        update_id: nextUpdate++,
        callback_query: {
          id,
          from: { id: by.from, is_bot: false, first_name: 'Op' },
          message: { ...message, chat: { ...message.chat, id: by.chat ?? message.chat.id } },
          chat_instance: '-7001',
          data,
        },
      });
      wake();
      return id;
    },
    /** Adds a raw update (e.g. a malformed one). */
    push(update: Record<string, unknown>) {
      updates.push({ ...update, update_id: nextUpdate++ });
      wake();
    },
    /** The next `n` calls of `method` fail with `status` (429 with `retry_after` seconds). */
    fail(method: string, n: number, status: number, retryAfter?: number) {
      failures.set(
        method,
        Array.from({ length: n }, () => ({ status, retryAfter })),
      );
    },
    /** How many getUpdates are being held open now. */
    polling: () => waiters.size,
    close: () => {
      for (const waiter of waiters) clearTimeout(waiter.timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
