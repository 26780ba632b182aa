import { z } from 'zod';

/** Serve-like flags the desktop app takes on its command line (`npm start -- --port 7900`). */
export interface LaunchArgs {
  /** Port for this run, over the saved setting (0 picks a free one). */
  port?: number;
  /** Bearer token for this run, over the saved setting. */
  token?: string;
  /** Extra handshake directories watched this run (`--dir`, repeatable). */
  dirs: string[];
  /** Start in the tray without opening the main window. */
  hidden: boolean;
}

const portSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0..65535')
  .max(65535, 'must be 0..65535');
const tokenSchema = z.string().max(512, 'must be at most 512 characters');

/** A launch flag with a bad value; the message names the flag. */
export class LaunchArgsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LaunchArgsError';
  }
}

/**
 * Reads the serve-like flags (`-p/--port`, `--token`, `--dir`, `--hidden`, also as `--flag=value`)
 * from the app's argv. Anything else (Electron's and Chromium's own switches, the app path) is
 * left alone; a known flag with a missing or bad value throws {@link LaunchArgsError}.
 */
export function parseLaunchArgs(argv: readonly string[]): LaunchArgs {
  const out: LaunchArgs = { dirs: [], hidden: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (name === '--hidden') {
      out.hidden = true;
      continue;
    }
    if (!['-p', '--port', '--token', '--dir'].includes(name)) continue;
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new LaunchArgsError(`${name} needs a value`);
    if (name === '--dir') out.dirs.push(value);
    else if (name === '--token') out.token = check(tokenSchema, value, name);
    else out.port = check(portSchema, value, '--port');
  }
  return out;
}

function check<T>(schema: z.ZodType<T>, value: string, flag: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new LaunchArgsError(
    `${flag} ${parsed.error.issues[0]?.message ?? 'is invalid'} (got "${value}")`,
  );
}
