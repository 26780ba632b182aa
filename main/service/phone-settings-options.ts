import { readFileSync } from 'node:fs';
import type { PhoneSettings } from '@contract/phone-settings';
import type { BrokerServiceOptions } from './broker-service-types';
import { ntfyTarget } from './ntfy/ntfy-config';
import { telegramTarget } from './telegram/telegram-config';
import { publicUrlOf } from './webhooks/webhook-config';

/** What the desktop's "Phone" settings start: the service options, and what could not be used. */
export interface PhoneServiceOptions {
  options: Pick<BrokerServiceOptions, 'publicUrl' | 'ntfy' | 'telegram'>;
  /** One line per part left off (a token file that cannot be read, a value the service refuses). */
  problems: string[];
}

/**
 * The broker service options of the desktop's "Phone" settings, as `serve`'s flags would give
 * them: each part that cannot be used (its token file unreadable or empty, a value refused) is
 * left off and named in `problems`, and the broker starts without it (fail closed: no push with
 * a half configuration). Tokens are read from their files here, never kept in the settings.
 */
export function phoneServiceOptions(
  phone: PhoneSettings,
  readToken: (file: string) => string = readTokenLine,
): PhoneServiceOptions {
  const options: PhoneServiceOptions['options'] = {};
  const problems: string[] = [];
  const attempt = (what: string, build: () => void) => {
    try {
      build();
    } catch (error) {
      problems.push(`${what}: ${(error as Error).message}`);
    }
  };
  if (phone.publicUrl)
    attempt('Public URL', () => (options.publicUrl = publicUrlOf(phone.publicUrl)));
  if (phone.ntfyUrl)
    attempt('ntfy', () => {
      const token = phone.ntfyTokenFile ? readToken(phone.ntfyTokenFile) : undefined;
      const ntfy = { url: phone.ntfyUrl, ...(token ? { token } : {}) };
      ntfyTarget(ntfy);
      options.ntfy = ntfy;
    });
  if (phone.telegramTokenFile || phone.telegramChat)
    attempt('Telegram', () => {
      if (!phone.telegramTokenFile || !phone.telegramChat)
        throw new Error('needs both the token file and the chat id');
      const telegram = {
        token: readToken(phone.telegramTokenFile),
        chat: phone.telegramChat,
        ...(phone.telegramUser ? { user: phone.telegramUser } : {}),
      };
      telegramTarget(telegram);
      options.telegram = telegram;
    });
  return { options, problems };
}

/** The token in `file`: its first line, trimmed; throws naming the file when unreadable or empty. */
export function readTokenLine(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const token = text.split(/\r?\n/)[0]!.trim();
  if (!token) throw new Error(`${file}: the file is empty`);
  return token;
}
