import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { telegramOptions } from '../../../../main/cli/commands/serve-telegram-flags';

const TOKEN = '123456789:AAHfake-token-for-tests_0123456789';
const fail = (message: string): never => {
  throw new Error(message);
};
/** Reads a secret as serve does (the first line); `bad` holds a malformed token. */
const readSecret = (file: string, failWith: (m: string) => never, flag: string) =>
  file.endsWith('missing')
    ? failWith(`${flag} ${file}: ENOENT`)
    : path.basename(file) === 'bad'
      ? 'AAHnot-a-bot-token'
      : TOKEN;

describe('serve: --telegram-token-file, --telegram-chat, --telegram-user', () => {
  it('none given: no option; the token from its file, the chat, the user', () => {
    expect(telegramOptions({}, fail, readSecret)).toEqual({});
    expect(
      telegramOptions(
        { telegramTokenFile: '/s/bot', telegramChat: '-100123', telegramUser: '42' },
        fail,
        readSecret,
      ),
    ).toEqual({ telegram: { token: TOKEN, chat: '-100123', user: '42' } });
  });

  it('usage errors name the flag and never show the token', () => {
    const cases: Array<[Parameters<typeof telegramOptions>[0], RegExp]> = [
      [
        { telegramChat: '42' },
        /^--telegram-chat, --telegram-user and --telegram-api need --telegram-token-file/,
      ],
      [{ telegramTokenFile: '/s/bot' }, /^--telegram-token-file needs --telegram-chat/],
      [
        { telegramTokenFile: '/s/missing', telegramChat: '42' },
        /^--telegram-token-file \/s\/missing: ENOENT/,
      ],
      [
        { telegramTokenFile: '/s/bad', telegramChat: '42' },
        /^--telegram-token-file: expected a BotFather token/,
      ],
      [
        { telegramTokenFile: '/s/bot', telegramChat: '@me' },
        /^--telegram-chat: expected a numeric chat id/,
      ],
      [
        { telegramTokenFile: '/s/bot', telegramChat: '-100123' },
        /^--telegram-user: a group chat needs/,
      ],
      [
        { telegramTokenFile: '/s/bot', telegramChat: '42', telegramApi: 'ftp://x' },
        /^--telegram-api: /,
      ],
    ];
    for (const [flags, error] of cases) {
      expect(() => telegramOptions(flags, fail, readSecret), JSON.stringify(flags)).toThrow(error);
      try {
        telegramOptions(flags, fail, readSecret);
      } catch (thrown) {
        expect((thrown as Error).message).not.toContain('AAH');
      }
    }
  });
});
