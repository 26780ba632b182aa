import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';
import { hookEvent } from '../../../support/hook-fixtures';
import { startFakeBotApi } from './fake-bot-api';

// Telegram cannot be reached from these machines: fake-bot-api.ts stands in for the Bot API.
const TOKEN = '987654321:AAHservice-test-token_abcdefghij';
const CHAT = 5150;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

/** A coding agent's permission hook, held until the operator decides: what the agent receives. */
async function askAsAgent(service: BrokerService, event: Record<string, unknown>) {
  const response = await fetch(`${service.url}api/hooks/claude-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event, nonce: 'n'.repeat(43) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { decision: unknown };
}

describe('Telegram in the broker service', () => {
  it("a coding agent's approvals (Allow once, Deny) and AskUserQuestion tapped in Telegram reach the agent; the audit log says phone (Telegram)", async () => {
    const bot = await startFakeBotApi(TOKEN);
    cleanups.push(bot.close);
    const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-telegram-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const logFile = path.join(root, 'audit.jsonl');
    const service = await startBrokerService({
      port: 0,
      stateDir: path.join(root, 'state'),
      rendererDir: null,
      logFile,
      publicUrl: 'https://laptop.tailnet.example',
      telegram: { token: TOKEN, chat: String(CHAT), apiUrl: bot.url },
    });
    cleanups.push(() => service.close());

    const bash = askAsAgent(service, hookEvent('claude-bash'));
    await vi.waitFor(() => expect(bot.messages).toHaveLength(1));
    const message = bot.messages[0]!;
    expect(message.text).toContain('https://laptop.tailnet.example/?request=');
    const sent = JSON.stringify(bot.calls);
    expect(sent).not.toContain(service.server.context.operatorSecret);
    bot.press(message, 0, { from: CHAT });
    expect(JSON.stringify((await bash).decision)).toContain('"allow"');

    const denied = askAsAgent(service, hookEvent('claude-bash', { session_id: 'other-session' }));
    await vi.waitFor(() => expect(bot.messages).toHaveLength(2));
    bot.press(bot.messages[1]!, 1, { from: CHAT });
    expect(JSON.stringify((await denied).decision)).toContain('"deny"');

    const asked = hookEvent('claude-ask-user-question').tool_input as { questions: unknown[] };
    const first = asked.questions[0];
    const ask = askAsAgent(
      service,
      hookEvent('claude-ask-user-question', { tool_input: { questions: [first] } }),
    );
    await vi.waitFor(() => expect(bot.messages).toHaveLength(3));
    const askMessage = bot.messages[2]!;
    expect(askMessage.reply_markup!.inline_keyboard.flat().map((b) => b.text)).toEqual([
      'Postgres',
      'SQLite',
      'DynamoDB',
    ]);
    bot.press(askMessage, 1, { from: CHAT });
    const decision = JSON.stringify((await ask).decision);
    expect(decision).toContain('SQLite');
    expect(decision).toContain('Which database should the orders service use?');

    await vi.waitFor(async () => {
      const lines = (await readFile(logFile, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      const answered = lines.filter((l) => l.event === 'answered');
      expect(answered.map((l) => l.via)).toEqual([
        'phone (Telegram)',
        'phone (Telegram)',
        'phone (Telegram)',
      ]);
    });
    await vi.waitFor(() =>
      expect(askMessage.text).toBe(
        'shop-api · 3f1c9a2e: answered via phone (Telegram)\n\nAskUserQuestion: Which database should the orders service use?',
      ),
    );
  });
});
