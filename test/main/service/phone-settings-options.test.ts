import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPhoneSettings, PhoneSettingsSchema } from '@contract/phone-settings';
import { phoneServiceOptions, readTokenLine } from '../../../main/service/phone-settings-options';

const BOT_TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll';
const files: Record<string, string> = {
  '/tokens/ntfy': 'tk_ntfy_token',
  '/tokens/bot': BOT_TOKEN,
};
const fakeRead = (file: string) => {
  const token = files[file];
  if (token === undefined) throw new Error(`${file}: ENOENT`);
  return token;
};

describe("the desktop's Phone settings as service options", () => {
  it('nothing set starts nothing', () => {
    expect(phoneServiceOptions(defaultPhoneSettings(), fakeRead)).toEqual({
      options: {},
      problems: [],
    });
  });

  it('gives what serve --public-url, --ntfy… and --telegram… would, tokens read from their files', () => {
    const { options, problems } = phoneServiceOptions(
      {
        publicUrl: 'https://laptop.tailnet.ts.net',
        ntfyUrl: 'https://ntfy.example.org/hitl-3f9c2a71',
        ntfyTokenFile: '/tokens/ntfy',
        telegramTokenFile: '/tokens/bot',
        telegramChat: '-1001234',
        telegramUser: '42',
      },
      fakeRead,
    );
    expect(problems).toEqual([]);
    expect(options).toEqual({
      publicUrl: 'https://laptop.tailnet.ts.net/',
      ntfy: { url: 'https://ntfy.example.org/hitl-3f9c2a71', token: 'tk_ntfy_token' },
      telegram: { token: BOT_TOKEN, chat: '-1001234', user: '42' },
    });
  });

  it('leaves off each part that cannot be used and says why, never showing a token', () => {
    const { options, problems } = phoneServiceOptions(
      {
        ...defaultPhoneSettings(),
        publicUrl: 'https://laptop.tailnet.ts.net',
        ntfyUrl: 'https://ntfy.example.org/hitl-3f9c2a71',
        ntfyTokenFile: '/tokens/missing',
        telegramTokenFile: '/tokens/bot',
        telegramChat: '-1001234',
      },
      fakeRead,
    );
    expect(options).toEqual({ publicUrl: 'https://laptop.tailnet.ts.net/' });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^ntfy: \/tokens\/missing: ENOENT/);
    expect(problems[1]).toMatch(/^Telegram: .*user/);
    expect(problems.join()).not.toContain(BOT_TOKEN);
    const half = phoneServiceOptions({ ...defaultPhoneSettings(), telegramChat: '42' }, fakeRead);
    expect(half).toEqual({
      options: {},
      problems: ['Telegram: needs both the token file and the chat id'],
    });
  });

  it('the settings schema refuses what the service would (naming the rule)', () => {
    const bad = (patch: Record<string, string>) =>
      PhoneSettingsSchema.safeParse({ ...defaultPhoneSettings(), ...patch }).success;
    expect(bad({ publicUrl: 'ftp://x' })).toBe(false);
    expect(bad({ publicUrl: 'https://a/?q=1' })).toBe(false);
    expect(bad({ ntfyUrl: 'https://user:pw@ntfy.sh/topic' })).toBe(false);
    expect(bad({ ntfyUrl: 'https://ntfy.sh/' })).toBe(false);
    expect(bad({ ntfyTokenFile: 'relative/token' })).toBe(false);
    expect(bad({ telegramChat: '@channel' })).toBe(false);
    expect(bad({ ntfyUrl: 'https://ntfy.sh/hitl-topic', ntfyTokenFile: '/t' })).toBe(true);
  });
});

describe('readTokenLine', () => {
  it('reads the first line trimmed, and refuses an empty or missing file naming it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'hitl-token-'));
    try {
      await writeFile(path.join(dir, 'ok'), '  secret-token  \nsecond line\n');
      await writeFile(path.join(dir, 'empty'), '\n');
      expect(readTokenLine(path.join(dir, 'ok'))).toBe('secret-token');
      expect(() => readTokenLine(path.join(dir, 'empty'))).toThrow(/empty$/);
      expect(() => readTokenLine(path.join(dir, 'none'))).toThrow(/none: ENOENT/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
