import { z } from 'zod';
import { readConfig } from '../config/config-schema';
import { ConfigError } from '../config/env-read';
import { REMOTE_TOKENS, REMOTES } from '../config/env-vars';

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
  /**
   * Remote brokers shown in the inbox this run, beside the saved ones (`--remote name=url`,
   * repeatable; a token with `--remote-token name=token`). Never saved.
   */
  remotes: LaunchRemote[];
}

/** A remote broker named at launch (flag or environment). */
export interface LaunchRemote {
  name: string;
  url: string;
  token?: string;
}

const remoteNameSchema = z
  .string()
  .trim()
  .min(1, 'needs a name before "="')
  .max(40, 'name must be at most 40 characters')
  .regex(/^[^/]+$/, 'name must not contain "/"');
const remoteUrlSchema = z.url({ protocol: /^https?$/, error: 'needs an http(s) URL after "="' });

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
  const out: LaunchArgs = { dirs: [], hidden: false, remotes: [] };
  const tokens = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (name === '--hidden') {
      out.hidden = true;
      continue;
    }
    if (!['-p', '--port', '--token', '--dir', '--remote', '--remote-token'].includes(name))
      continue;
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new LaunchArgsError(`${name} needs a value`);
    if (name === '--dir') out.dirs.push(value);
    else if (name === '--remote') out.remotes.push(parseRemote(value, name));
    else if (name === '--remote-token') {
      const [remote, token] = splitPair(value, name);
      tokens.set(check(remoteNameSchema, remote, name), check(tokenSchema, token, name));
    } else if (name === '--token') out.token = check(tokenSchema, value, name);
    else out.port = check(portSchema, value, '--port');
  }
  out.remotes = withTokens(out.remotes, tokens, '--remote-token');
  return out;
}

/**
 * The remote brokers of the environment: `CLARITY_HITL_REMOTES="build-vm=https://vm:7842/ lab=…"`
 * (space or comma separated) and `CLARITY_HITL_REMOTE_TOKENS="build-vm=secret,…"`.
 */
export function remotesFromEnv(env: NodeJS.ProcessEnv): LaunchRemote[] {
  let config: { remotes?: string[]; remoteTokens?: string[] };
  try {
    config = readConfig(env, ['remotes', 'remoteTokens']);
  } catch (error) {
    if (error instanceof ConfigError) throw new LaunchArgsError(error.message);
    throw error;
  }
  const remotes = (config.remotes ?? []).map((v) => parseRemote(v, REMOTES.name));
  const tokens = new Map<string, string>();
  for (const pair of config.remoteTokens ?? []) {
    const [name, token] = splitPair(pair, REMOTE_TOKENS.name);
    tokens.set(name.trim(), token);
  }
  return withTokens(remotes, tokens, REMOTE_TOKENS.name);
}

function parseRemote(value: string, flag: string): LaunchRemote {
  const [name, url] = splitPair(value, flag);
  return { name: check(remoteNameSchema, name, flag), url: check(remoteUrlSchema, url, flag) };
}

function splitPair(value: string, flag: string): [string, string] {
  const eq = value.indexOf('=');
  if (eq <= 0 || eq === value.length - 1)
    throw new LaunchArgsError(`${flag} takes name=value (got "${value}")`);
  return [value.slice(0, eq), value.slice(eq + 1)];
}

function withTokens(
  remotes: LaunchRemote[],
  tokens: Map<string, string>,
  flag: string,
): LaunchRemote[] {
  for (const name of tokens.keys())
    if (!remotes.some((r) => r.name === name))
      throw new LaunchArgsError(`${flag} names "${name}", which no remote broker is called`);
  return remotes.map((r) => (tokens.has(r.name) ? { ...r, token: tokens.get(r.name)! } : r));
}

function check<T>(schema: z.ZodType<T>, value: string, flag: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new LaunchArgsError(
    `${flag} ${parsed.error.issues[0]?.message ?? 'is invalid'} (got "${value}")`,
  );
}
