import { z } from 'zod';
import { defaultPhoneSettings, PhoneSettingsSchema } from './phone-settings';
import { defaultNotifyEvents, type NotifyEvents } from './notify-events';

/** `/…` on POSIX, `C:\…` or `\\server\…` on Windows (no node:path: this file also runs in the renderer). */
function isAbsolutePath(path: string): boolean {
  return /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(path);
}

/** Each setting's own rule, without defaults (so a patch never fills in the others). */
const fields = {
  /** Clarity handshake directories the broker watches (absolute paths). */
  handshakeDirs: z.array(z.string().min(1)).max(32),
  /**
   * Directories agents may offer for file_pick besides the handshake dirs (absolute paths);
   * empty = any non-hidden directory below the operator's home.
   */
  fileRoots: z
    .array(
      z
        .string()
        .min(1)
        .refine(isAbsolutePath, { message: 'must be an absolute path (e.g. /home/me/projects)' }),
    )
    .max(32),
  /** Port of the in-process HTTP server (0 = any free port). */
  port: z.number().int().min(0).max(65_535),
  /** Bearer token the HTTP server requires; empty = none (loopback only). */
  token: z.string().max(512),
  notifications: z.boolean(),
  /** Which events besides questions notify (questions and approvals always do). */
  notifyEvents: z.object({
    finished: z.boolean(),
    failed: z.boolean(),
    waiting: z.boolean(),
  }) satisfies z.ZodType<NotifyEvents>,
  sound: z.boolean(),
  doNotDisturb: z.boolean(),
  language: z.enum(['system', 'en', 'zh-CN']),
  theme: z.enum(['system', 'light', 'dark']),
  startAtLogin: z.boolean(),
  /** Check the published releases for updates, download them, install them on restart. */
  autoUpdate: z.boolean(),
  /** How many resolved requests the history keeps. */
  historySize: z.number().int().min(10).max(100_000),
  /**
   * Where requests are kept: empty or `embedded` = the embedded journal (no database); a
   * `postgres://…` URL = team mode, shared with other brokers (applies at the next start).
   */
  store: z
    .string()
    .max(2048)
    .refine((v) => v === '' || v === 'embedded' || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be empty, "embedded" or a postgres://… URL',
    }),
  /** Away from the desk: public URL, ntfy and Telegram (contract/phone-settings.ts). */
  phone: PhoneSettingsSchema,
};

export type DesktopSettings = { [K in keyof typeof fields]: z.infer<(typeof fields)[K]> };

/** The defaults a fresh install starts with. */
export function defaultDesktopSettings(): DesktopSettings {
  return {
    handshakeDirs: [],
    fileRoots: [],
    port: 7842,
    token: '',
    notifications: true,
    notifyEvents: defaultNotifyEvents(),
    sound: true,
    doNotDisturb: false,
    language: 'system',
    theme: 'system',
    startAtLogin: false,
    autoUpdate: true,
    historySize: 5000,
    store: '',
    phone: defaultPhoneSettings(),
  };
}

/** The full settings record as stored. */
export const DesktopSettingsSchema = z.object(fields);

/** A change to some settings; unknown keys are rejected, every given field is checked. */
export const DesktopSettingsPatchSchema = z.object(fields).partial().strict();
export type DesktopSettingsPatch = z.infer<typeof DesktopSettingsPatchSchema>;

/** Names of the settings, in display order. */
export const DESKTOP_SETTING_KEYS = Object.keys(fields) as (keyof DesktopSettings)[];
