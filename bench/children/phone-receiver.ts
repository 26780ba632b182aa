/**
 * Child process of the phone-push benchmark: one outbound channel's receiver in its own process,
 * as ntfy, Telegram or a webhook endpoint would be. argv[2] is `ntfy`, `telegram` or `webhook`
 * (argv[3]: the bot token). Prints `READY {url}`, then `ARRIVED <key> <epoch ms>` when a request's
 * publish / sendMessage / webhook body lands (keys `bench-<n>` found in it). On stdin, `TAP <key>`
 * (ntfy) posts that request's first button's code to the reply topic as the ntfy server takes in a
 * phone's tap, and `PRESS <key> <chat>` (telegram) makes the callback query Telegram reports for
 * a tap on its first button; each prints `PRESSED <key> <epoch ms>` just before.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { startFakeNtfy } from '../../test/main/service/ntfy/fake-ntfy-server';
import { startFakeBotApi } from '../../test/main/service/telegram/fake-bot-api';

const KEY = /bench-\d+/;
const now = () => performance.timeOrigin + performance.now();
const seen = new Set<string>();

function arrived(body: string): string | undefined {
  const at = now();
  const key = KEY.exec(body)?.[0];
  if (!key || seen.has(key)) return undefined;
  seen.add(key);
  process.stdout.write(`ARRIVED ${key} ${at}\n`);
  return key;
}

async function main(): Promise<void> {
  const [kind, token = ''] = process.argv.slice(2);
  let url: string;
  if (kind === 'ntfy') {
    const actions = new Map<string, { url: string; body: string }>();
    const ntfy = await startFakeNtfy(undefined, (body) => {
      const key = arrived(body);
      const action = (JSON.parse(body) as { actions?: Array<{ url: string; body: string }> })
        .actions?.[0];
      if (key && action) actions.set(key, action);
    });
    createInterface({ input: process.stdin }).on('line', (line) => {
      const [word, key] = line.split(' ');
      const action = key && actions.get(key);
      if (word !== 'TAP' || !action) return;
      // The button's POST as the ntfy server takes it in: onto the reply topic the broker follows.
      process.stdout.write(`PRESSED ${key} ${now()}\n`);
      ntfy.post(new URL(action.url).pathname.slice(1), action.body);
    });
    url = ntfy.url;
  } else if (kind === 'telegram') {
    const bot = await startFakeBotApi(token, (method, body) => {
      if (method === 'sendMessage') arrived(body);
    });
    createInterface({ input: process.stdin }).on('line', (line) => {
      const [word, key, chat] = line.split(' ');
      if (word !== 'PRESS' || !key) return;
      const message = bot.messages.find((m) => KEY.exec(m.text)?.[0] === key);
      if (!message) return;
      // As a tap would find it: the broker's getUpdates held open.
      const press = () => {
        if (bot.polling() === 0) return void setImmediate(press);
        process.stdout.write(`PRESSED ${key} ${now()}\n`);
        bot.press(message, 0, { from: Number(chat) });
      };
      press();
    });
    url = bot.url;
  } else {
    const server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        arrived(body);
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  }
  process.on('SIGTERM', () => process.exit(0));
  console.log(`READY ${JSON.stringify({ url })}`);
}

void main();
