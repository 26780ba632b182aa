import type { EnvVar } from './env-read';
import * as vars from './env-vars';

/** The default broker address of `clarity-hitl serve` and the desktop app. */
export const DEFAULT_BROKER_URL = 'http://127.0.0.1:7842/';
/** The handshake directory when neither an argument, `--dir` nor `CLARITY_HITL_DIR` names one. */
export const DEFAULT_HANDSHAKE_DIR = '.clarity-hitl';

/** One setting: its variable, the flag that overrides it, its default and what it does. */
export interface Setting<T = unknown> {
  readonly env: EnvVar<T>;
  /** The command-line flag that wins over the variable (and the commands that have it). */
  readonly flag?: string;
  /** What applies when neither the flag nor the variable is given (text for help and docs). */
  readonly default: string;
  readonly description: string;
}

const s = <T>(env: EnvVar<T>, rest: Omit<Setting<T>, 'env'>): Setting<T> => ({ env, ...rest });

/** Every setting the broker reads from the environment, in the order docs/cli.md lists them. */
export const SETTINGS = {
  brokerUrl: s(vars.BROKER_URL, {
    flag: '--broker',
    default: `the discovery file, else ${DEFAULT_BROKER_URL}`,
    description: 'the running broker the CLI, cueme, mcp, run and the hook talk to',
  }),
  token: s(vars.TOKEN, {
    flag: '--token',
    default: "the discovery file's, for the local broker",
    description: 'the bearer token: sent by clients, required by `serve` and the desktop app',
  }),
  handshakeDir: s(vars.HANDSHAKE_DIR, {
    flag: '--dir',
    default: `${DEFAULT_HANDSHAKE_DIR}/ in the current directory`,
    description: 'the Clarity file handshake directory',
  }),
  stateDir: s(vars.STATE_DIR, {
    flag: '--state-dir',
    default: '~/.clarity-hitl/',
    description: 'history, pending requests, the discovery file and the operator secret',
  }),
  store: s(vars.STORE, {
    flag: '--store',
    default: 'the embedded journal',
    description: 'team mode: a postgres:// URL shared by several instances',
  }),
  operatorTokens: s(vars.OPERATOR_TOKENS, {
    flag: '--operator-token',
    default: 'none',
    description: 'named operators, `name=token` pairs separated by commas or spaces',
  }),
  operatorTokenFile: s(vars.OPERATOR_TOKEN_FILE, {
    flag: '--operator-token-file',
    default: 'none',
    description: 'named operators, one `name=token` per line',
  }),
  ntfy: s(vars.NTFY, {
    flag: '--ntfy',
    default: 'none',
    description:
      'phone push: the ntfy `server-url/topic` (kept out of `ps`: the topic is a secret)',
  }),
  operatorAnswersOnly: s(vars.OPERATOR_ANSWERS_ONLY, {
    flag: '--operator-answers-only',
    default: 'off',
    description: "protocols' own answer endpoints need the operator too",
  }),
  allowQueryToken: s(vars.ALLOW_QUERY_TOKEN, {
    flag: '--allow-query-token',
    default: 'off',
    description: 'also accept the token as `?token=` on API and `/events` requests',
  }),
  hookTimeout: s(vars.HOOK_TIMEOUT, {
    flag: 'hook --timeout',
    default: '570',
    description: "seconds `clarity-hitl hook` waits for the operator's decision",
  }),
  mcpHandoffSeconds: s(vars.MCP_HANDOFF_SECONDS, {
    default: '50',
    description: '`mcp`: seconds before an unanswered call returns a handle (0 = never)',
  }),
  mcpProgressMs: s(vars.MCP_PROGRESS_MS, {
    default: '10000',
    description: '`mcp`: milliseconds between progress notifications (0 = the default)',
  }),
  remotes: s(vars.REMOTES, {
    flag: '--remote',
    default: 'none',
    description: 'desktop app: remote brokers to follow, `name=url` separated by commas or spaces',
  }),
  remoteTokens: s(vars.REMOTE_TOKENS, {
    flag: '--remote-token',
    default: 'none',
    description: "desktop app: the remote brokers' tokens, `name=token` pairs",
  }),
  userDataDir: s(vars.USER_DATA_DIR, {
    default: "Electron's userData",
    description: "desktop app: its own settings' directory (tests, portable runs)",
  }),
  testHooks: s(vars.TEST_HOOKS, {
    default: 'off',
    description: 'desktop app: expose tray and notifications to the Electron e2e tests',
  }),
  headless: s(vars.HEADLESS, {
    default: 'off',
    description: '`npm start` (scripts/start.js reads it itself): `1` runs the headless broker',
  }),
} satisfies Record<string, Setting>;

/** A setting's name in {@link SETTINGS}. */
export type SettingKey = keyof typeof SETTINGS;
