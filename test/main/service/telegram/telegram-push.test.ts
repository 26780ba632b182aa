import { afterEach, describe, expect, it, vi } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { TelegramPush } from '../../../../main/service/telegram/telegram-push';
import { startFakeBotApi, type BotMessage } from './fake-bot-api';

// Telegram cannot be reached from these machines: a local server implements the Bot API methods
// the broker uses (sendMessage, editMessageText, answerCallbackQuery, getUpdates long polling)
// and makes the callback queries a Telegram client makes when a button is tapped.
const SECRET = 'operator-secret-'.repeat(4);
const TOKEN = '123456789:AAHfake-token-for-tests_0123456789';
const CHAT = 424242;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

async function setUp(extra: { user?: string; chat?: string; token?: string } = {}) {
  const bot = await startFakeBotApi(TOKEN);
  const broker = new Broker();
  const warnings: string[] = [];
  const push = new TelegramPush({
    broker,
    telegram: {
      token: extra.token ?? TOKEN,
      chat: extra.chat ?? String(CHAT),
      ...(extra.user ? { user: extra.user } : {}),
      apiUrl: bot.url,
    },
    operatorSecret: SECRET,
    publicUrl: 'https://hitl.example.ts.net/',
    onWarning: (message) => warnings.push(message),
    retryMs: 20,
    pollSeconds: 5,
  });
  cleanups.push(
    () => push.close(),
    bot.close,
    () => broker.close(),
  );
  return { bot, broker, push, warnings };
}

type Bot = Awaited<ReturnType<typeof startFakeBotApi>>;

/**
 * The message sent for a request (found by its link: sends run in parallel, so they may land in
 * any order), once every send has settled; the first message without a request.
 */
async function sentMessage(
  bot: Bot,
  push: TelegramPush,
  request?: { id: string },
): Promise<BotMessage> {
  await push.settled();
  const message = request
    ? bot.messages.find((m) => m.text.includes(`?request=${request.id}`))
    : bot.messages[0];
  expect(message).toBeDefined();
  return message!;
}

/** Taps a button as Telegram reports it, and waits until the broker has acknowledged the tap. */
async function tap(bot: Bot, message: BotMessage, button: number, by: Parameters<Bot['press']>[2]) {
  const id = bot.press(message, button, by);
  await vi.waitFor(() =>
    expect(bot.callsOf('answerCallbackQuery').map((c) => c.params.callback_query_id)).toContain(id),
  );
  return bot.callsOf('answerCallbackQuery').find((c) => c.params.callback_query_id === id)!.params
    .text;
}

function approval(broker: Broker, key = 'a') {
  return broker.add({
    source: 'claude-code',
    key,
    prompt: 'Run it?',
    agent: { id: 'c1', name: 'Claude' },
    context: 'HISTORY-STAYS-HOME',
    input: { kind: 'approval', tool: 'Bash', command: 'npm publish' },
  });
}

describe('Telegram push with inline buttons', () => {
  it('sends an approval with Allow once / Deny (never Always); Allow answers as the operator via Telegram, and the message is edited to the outcome', async () => {
    const { bot, broker, push } = await setUp();
    const request = approval(broker);
    const message = await sentMessage(bot, push);
    expect(message.chat.id).toBe(CHAT);
    expect(message.text).toBe(
      `Claude: approval\n\nBash: npm publish\n\nhttps://hitl.example.ts.net/?request=${request.id}`,
    );
    const buttons = message.reply_markup!.inline_keyboard.flat();
    expect(buttons.map((b) => b.text)).toEqual(['Allow once', 'Deny']);
    for (const button of buttons)
      expect(Buffer.byteLength(button.callback_data)).toBeLessThanOrEqual(64);
    const sent = JSON.stringify(bot.callsOf('sendMessage'));
    for (const secret of [SECRET, TOKEN, 'HISTORY-STAYS-HOME']) expect(sent).not.toContain(secret);

    expect(await tap(bot, message, 0, { from: CHAT })).toBe('Sent: Allow once');
    const answered = await broker.waitForResolution(request.id);
    expect(answered.answer?.value).toEqual({ kind: 'approval', decision: 'allow' });
    expect(answered.via).toBe('phone (Telegram)');
    await vi.waitFor(() => expect(message.edits).toBe(1));
    expect(message.text).toBe('Claude: allowed once via phone (Telegram)\n\nBash: npm publish');
    expect(message.reply_markup).toBeUndefined();
  });

  it('Yes / No for a confirm, the first three options for a choice, one per row', async () => {
    const { bot, broker, push } = await setUp();
    const confirm = broker.add({
      source: 'clarity-http',
      key: 'c',
      prompt: 'Ship?',
      input: { kind: 'confirm' },
    });
    const choice = broker.add({
      source: 'clarity-http',
      key: 'd',
      prompt: 'Which?',
      input: {
        kind: 'choice',
        options: ['red', 'green', 'blue', 'black'].map((v) => ({
          value: v,
          label: v.toUpperCase(),
        })),
      },
    });
    const text = broker.add({
      source: 'clarity-http',
      key: 't',
      prompt: 'Name it',
      input: { kind: 'text' },
    });
    const confirmMessage = await sentMessage(bot, push, confirm);
    const choiceMessage = await sentMessage(bot, push, choice);
    const textMessage = await sentMessage(bot, push, text);
    expect(
      confirmMessage.reply_markup!.inline_keyboard.map((row) => row.map((b) => b.text)),
    ).toEqual([['Yes', 'No']]);
    expect(
      choiceMessage.reply_markup!.inline_keyboard.map((row) => row.map((b) => b.text)),
    ).toEqual([['RED'], ['GREEN'], ['BLUE']]);
    // A text question gets its link, no buttons.
    expect(textMessage.reply_markup).toBeUndefined();
    await tap(bot, confirmMessage, 1, { from: CHAT });
    await tap(bot, choiceMessage, 2, { from: CHAT });
    expect((await broker.waitForResolution(confirm.id)).answer?.value).toEqual({
      kind: 'confirm',
      confirmed: false,
    });
    expect((await broker.waitForResolution(choice.id)).answer?.value).toEqual({
      kind: 'choice',
      selected: ['blue'],
    });
    await vi.waitFor(() =>
      expect(choiceMessage.text).toMatch(/^clarity-http: picked BLUE via phone \(Telegram\)/),
    );
    await vi.waitFor(() => expect(confirmMessage.text).toMatch(/^clarity-http: answered no via/));
  });

  it('refuses a replay, another request’s code, a tampered code, an expired request, another chat and another user', async () => {
    const { bot, broker, push, warnings } = await setUp();
    const a = approval(broker, 'a');
    const b = approval(broker, 'b');
    const soon = broker.add({
      source: 'clarity-http',
      key: 'e',
      prompt: 'Quick?',
      input: { kind: 'confirm' },
      expiresAt: Date.now() + 1500,
    });
    const [ma, mb, me] = [
      await sentMessage(bot, push, a),
      await sentMessage(bot, push, b),
      await sentMessage(bot, push, soon),
    ];
    // From the sendMessage call itself: the message may already be edited (expired) under load.
    const sentE = bot
      .callsOf('sendMessage')
      .find((call) => String(call.params.text).includes(soon.id))!.params as {
      reply_markup: { inline_keyboard: Array<Array<{ callback_data: string }>> };
    };
    const eYes = sentE.reply_markup.inline_keyboard.flat()[0]!.callback_data;
    const refused = 'Not taken: this button is used, expired or not yours';

    // Another chat, another user: refused, the code left usable by the operator.
    expect(await tap(bot, ma, 1, { from: CHAT, chat: 999 })).toBe(refused);
    expect(await tap(bot, ma, 1, { from: 31337 })).toBe(refused);
    // B's own Deny pressed on A's message (a client can send any callback_data): refused, unused.
    const bDeny = mb.reply_markup!.inline_keyboard.flat()[1]!.callback_data;
    expect(await tap(bot, ma, 0, { from: CHAT, data: bDeny })).toBe(refused);
    // A's code with B's handle, or with another decision: tampered.
    const aAllow = ma.reply_markup!.inline_keyboard.flat()[0]!.callback_data;
    const [form, , decision, nonce, mac] = aAllow.split('.');
    const bHandle = bDeny.split('.')[1];
    for (const data of [
      [form, bHandle, decision, nonce, mac].join('.'),
      aAllow.replace('.allow.', '.deny.'),
      `${aAllow.slice(0, -2)}${aAllow.endsWith('AA') ? 'BB' : 'AA'}`,
      'hello',
    ])
      expect(await tap(bot, ma, 0, { from: CHAT, data })).toBe(refused);
    expect(broker.get(a.id)?.status).toBe('pending');
    expect(broker.get(b.id)?.status).toBe('pending');

    // The real buttons still work, once (a replay sends the same data again, on the same message).
    const aDeny = ma.reply_markup!.inline_keyboard.flat()[1]!.callback_data;
    expect(await tap(bot, ma, 0, { from: CHAT })).toBe('Sent: Allow once');
    expect(await tap(bot, ma, 0, { from: CHAT, data: aAllow })).toBe(refused);
    expect(await tap(bot, ma, 1, { from: CHAT, data: aDeny })).toBe(refused);
    expect((await broker.waitForResolution(a.id)).answer?.value).toMatchObject({
      decision: 'allow',
    });
    expect(await tap(bot, mb, 1, { from: CHAT })).toBe('Sent: Deny');
    expect((await broker.waitForResolution(b.id)).answer?.value).toMatchObject({
      decision: 'deny',
    });

    // Expired: its codes went with it.
    expect((await broker.waitForResolution(soon.id)).status).toBe('expired');
    expect(await tap(bot, me, 0, { from: CHAT, data: eYes })).toBe(refused);
    await vi.waitFor(() => expect(me.text).toMatch(/^clarity-http: expired/));
    expect(warnings.filter((w) => w.includes('refused'))).toEqual([
      'telegram: a button press was refused (from another chat)',
      'telegram: a button press was refused (from another user)',
      'telegram: a button press was refused (other-request)',
      'telegram: a button press was refused (tampered)',
      'telegram: a button press was refused (tampered)',
      'telegram: a button press was refused (tampered)',
      'telegram: a button press was refused (malformed)',
      'telegram: a button press was refused (unknown-or-used)',
      'telegram: a button press was refused (unknown-or-used)',
      'telegram: a button press was refused (unknown-or-used)',
    ]);
  });

  it('a request answered elsewhere has its message edited, without buttons; its buttons are void', async () => {
    const { bot, broker, push } = await setUp();
    const request = approval(broker);
    const message = await sentMessage(bot, push);
    const allow = message.reply_markup!.inline_keyboard.flat()[0]!.callback_data;
    await broker.answer(request.id, { value: { kind: 'approval', decision: 'deny' } }, 'ui', {
      authority: 'operator',
      via: 'web-session',
    });
    await vi.waitFor(() => expect(message.edits).toBe(1));
    expect(message.text).toBe('Claude: denied via web-session\n\nBash: npm publish');
    expect(message.reply_markup).toBeUndefined();
    expect(await tap(bot, message, 0, { from: CHAT, data: allow })).toMatch(/^Not taken/);
  });

  it('retries a 429 after its retry_after and a 5xx; never shows the token in a warning', async () => {
    const { bot, broker, push, warnings } = await setUp();
    bot.fail('sendMessage', 1, 429, 0);
    approval(broker, 'x');
    await sentMessage(bot, push);
    expect(bot.callsOf('sendMessage')).toHaveLength(2);
    bot.fail('sendMessage', 3, 500);
    approval(broker, 'y');
    await push.settled();
    expect(bot.callsOf('sendMessage')).toHaveLength(5);
    expect(warnings).toContain('telegram sendMessage: HTTP 500 Internal Server Error');
    const wrong = await setUp({ token: '123456789:AAHwrong-token-for-tests_987654321' });
    approval(wrong.broker);
    await wrong.push.settled();
    await vi.waitFor(() =>
      expect(wrong.warnings).toContain('telegram getUpdates: HTTP 401 Unauthorized; retrying'),
    );
    expect(wrong.warnings).toContain('telegram sendMessage: HTTP 401 Unauthorized');
    for (const warning of [...warnings, ...wrong.warnings]) {
      expect(warning).not.toContain('AAH');
      expect(warning).not.toContain('123456789');
    }
  });

  it('keeps polling after failed getUpdates (two 502s, backing off): a later tap still lands', async () => {
    const { bot, broker, push, warnings } = await setUp();
    bot.fail('getUpdates', 2, 502);
    const request = approval(broker);
    const message = await sentMessage(bot, push);
    await vi.waitFor(() => expect(bot.polling()).toBe(1));
    expect(warnings.filter((w) => w.startsWith('telegram getUpdates: HTTP 502'))).toHaveLength(2);
    expect(await tap(bot, message, 1, { from: CHAT })).toBe('Sent: Deny');
    expect((await broker.waitForResolution(request.id)).answer?.value).toMatchObject({
      decision: 'deny',
    });
  });

  it('refuses a bad option naming the field, never echoing the token; a group chat needs the user', () => {
    const broker = new Broker();
    cleanups.push(() => broker.close());
    const make = (telegram: Record<string, unknown>) => () =>
      new TelegramPush({ broker, operatorSecret: SECRET, telegram: telegram as never });
    expect(make({ token: 'not a token AAHsecret', chat: '1' })).toThrow(
      /^telegram: token: expected a BotFather token/,
    );
    expect(make({ token: 'not a token AAHsecret', chat: '1' })).not.toThrow(/AAHsecret/);
    expect(make({ token: TOKEN, chat: 'me' })).toThrow(
      /^telegram: chat: expected a numeric chat id/,
    );
    expect(make({ token: TOKEN, chat: '-1001234' })).toThrow(/^telegram: user: a group chat needs/);
  });
});
