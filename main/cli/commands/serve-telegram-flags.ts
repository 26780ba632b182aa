import type { BrokerServiceOptions } from '../../service/broker-service-types';
import { telegramTarget } from '../../service/telegram/telegram-config';

/** `serve`'s Telegram flags. */
export interface TelegramFlags {
  telegramTokenFile?: string;
  telegramChat?: string;
  telegramUser?: string;
  telegramApi?: string;
}

/**
 * The `telegram` service option of these flags, checked before anything starts: a missing chat, a
 * malformed token or id is a usage error naming the flag (the token itself never shown).
 */
export function telegramOptions(
  flags: TelegramFlags,
  fail: (message: string) => never,
  readSecret: (file: string, fail: (message: string) => never, flag: string) => string,
): Pick<BrokerServiceOptions, 'telegram'> {
  const { telegramTokenFile: file, telegramChat: chat, telegramUser: user } = flags;
  if (file === undefined) {
    if (chat !== undefined || user !== undefined || flags.telegramApi !== undefined)
      fail('--telegram-chat, --telegram-user and --telegram-api need --telegram-token-file');
    return {};
  }
  if (chat === undefined) fail('--telegram-token-file needs --telegram-chat <id>');
  const telegram = {
    token: readSecret(file, fail, '--telegram-token-file'),
    chat: chat!,
    ...(user !== undefined ? { user } : {}),
    ...(flags.telegramApi !== undefined ? { apiUrl: flags.telegramApi } : {}),
  };
  try {
    telegramTarget(telegram);
  } catch (error) {
    const message = (error as Error).message.replace(/^telegram: /, '');
    const flag = /^(\w+):/.exec(message)?.[1];
    const name = {
      token: '--telegram-token-file',
      chat: '--telegram-chat',
      user: '--telegram-user',
    };
    fail(
      `${name[flag as keyof typeof name] ?? '--telegram-api'}: ${message.replace(/^\w+: /, '')}`,
    );
  }
  return { telegram };
}
