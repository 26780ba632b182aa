import { z } from 'zod';

/** `/…` on POSIX, `C:\…` or `\\server\…` on Windows (no node:path: this also runs in the renderer). */
const ABSOLUTE = /^(\/|[A-Za-z]:[\\/]|\\\\)/;
const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;

const httpUrl = (value: string): URL | undefined => {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  return /^https?:$/.test(url.protocol) && !url.username && !url.password ? url : undefined;
};
const emptyOr = (check: (value: string) => boolean) => (value: string) =>
  value === '' || check(value);
const tokenFile = z
  .string()
  .max(4096)
  .refine(
    emptyOr((v) => ABSOLUTE.test(v)),
    {
      message: 'must be empty or an absolute path to a file holding the token',
    },
  );

/**
 * The desktop settings' "Phone" section: the same as `serve`'s `--public-url`, `--ntfy`,
 * `--ntfy-token-file`, `--telegram-token-file`, `--telegram-chat` and `--telegram-user` (empty:
 * not used). Tokens are never stored here, only the files that hold them. Applied at the next
 * start of the app.
 */
export const PhoneSettingsSchema = z
  .object({
    /** Where the phone reaches this broker (an https reverse proxy or tailnet URL). */
    publicUrl: z
      .string()
      .max(2048)
      .refine(
        emptyOr((v) => {
          const url = httpUrl(v);
          return url !== undefined && !url.search && !url.hash;
        }),
        { message: 'must be empty or an http(s) URL without credentials, query or fragment' },
      ),
    /** The ntfy server and topic, e.g. `https://ntfy.example.org/hitl-3f9c2a71`. */
    ntfyUrl: z
      .string()
      .max(2048)
      .refine(
        emptyOr((v) => {
          const url = httpUrl(v);
          return url !== undefined && TOPIC.test(url.pathname.split('/').pop() ?? '');
        }),
        { message: 'must be empty or an http(s) URL ending with the topic, without credentials' },
      ),
    ntfyTokenFile: tokenFile,
    telegramTokenFile: tokenFile,
    /** Your chat with the bot (your user id), or a group's id (negative). */
    telegramChat: z
      .string()
      .max(32)
      .regex(/^(-?[0-9]{1,20})?$/, 'must be empty or a numeric chat id (negative for a group)'),
    /** Who may press the buttons (needed for a group). */
    telegramUser: z
      .string()
      .max(32)
      .regex(/^([0-9]{1,20})?$/, 'must be empty or a numeric user id'),
  })
  .strict();
export type PhoneSettings = z.infer<typeof PhoneSettingsSchema>;

/** Nothing set: no public URL, no ntfy, no Telegram. */
export function defaultPhoneSettings(): PhoneSettings {
  return {
    publicUrl: '',
    ntfyUrl: '',
    ntfyTokenFile: '',
    telegramTokenFile: '',
    telegramChat: '',
    telegramUser: '',
  };
}
