import { takeStartupPrefetch } from '../startup-prefetch';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { defaultCuemeDbPath } from '../../adapters/cueme-mailbox/cueme-mailbox';
import { sharedStoreUrl } from '../../service/broker-service';
import { isLoopbackHost } from '../../http/guards/allowed-hosts';
import { DEFAULT_PORT } from '../../http/server';
import { UpstreamUrlSchema } from '../../http/upstream-proxy';
import { describeZodError } from '../../broker/validation';
import { readConfig } from '../../config/config-schema';
import { SETTINGS } from '../../config/settings-table';
import { envNames, optionHelp } from '../../config/help-text';
import { DEFAULT_HANDSHAKE_DIR, withUsageExitCode } from '../options';
import { operatorTokensFromEnvAndFile } from './operator-tokens';
import { optimizerHold } from '../optimizer-hold';
import type { RegisterCommand } from './register-command';
import { serve, type ServeOptions } from './serve-run';
import { addHapiFlags, hapiOptions, type HapiFlags } from './serve-hapi-flags';
import {
  addOutboundFlags,
  outboundServiceOptions,
  type OutboundFlags,
} from './serve-outbound-flags';

export { EXIT_ALREADY_RUNNING, EXIT_USAGE } from './serve-run';

interface ServeFlags extends OutboundFlags, HapiFlags {
  port: number;
  host: string;
  token?: string;
  allowQueryToken?: boolean;
  tokenFile?: string;
  dir: string[];
  fileRoot: string[];
  log?: string;
  stateDir?: string;
  historyLimit?: number;
  cueDb?: string | false;
  store?: string;
  instanceName?: string;
  operatorToken: string[];
  operatorTokenFile?: string;
  operatorAnswersOnly?: boolean;
  toolServerUpstream?: URL;
}

function positiveInt(max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > max)
      throw new InvalidArgumentError(`expected a whole number from 0 to ${max}`);
    return n;
  };
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** `--tool-server-upstream`: an http(s) URL without credentials or query. */
function upstreamUrl(value: string): URL {
  const parsed = UpstreamUrlSchema.safeParse(value);
  if (!parsed.success)
    throw new InvalidArgumentError(`expected an http(s) URL: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** The token in `file` (its first line, trimmed); a missing or empty file is a usage error. */
function readTokenFile(
  file: string,
  fail: (message: string) => never,
  flag = '--token-file',
): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return fail(`${flag} ${file}: ${(error as Error).message}`);
  }
  const token = text.split(/\r?\n/)[0]!.trim();
  if (!token) return fail(`${flag} ${file}: the file is empty`);
  return token;
}

/** `clarity-hitl serve [dir]`: file watcher + HTTP API + web UI in one process. */
export const registerServe: RegisterCommand = (program: Command) => {
  const command = addHapiFlags(addOutboundFlags(program.command('serve [dir]')));
  // Usage errors (a bad flag value, an unknown option) exit 2, as usage errors do.
  withUsageExitCode(command)
    .description('serve the HTTP API, SSE and the web UI, and watch the handshake dir(s)')
    .option(
      '-p, --port <port>',
      'port to listen on (0 picks a free one)',
      positiveInt(65535),
      DEFAULT_PORT,
    )
    .option('--host <host>', 'address to bind; anything but loopback needs --token', '127.0.0.1')
    .option(
      '--allow-query-token',
      optionHelp(
        'allowQueryToken',
        'also accept the token as ?token= on API and /events requests, for clients that cannot send headers (the URL, token included, may end up in logs)',
      ),
    )
    .option(
      '--token <secret>',
      `require this token (visible to local users in ps: prefer --token-file or ${envNames('token')})`,
    )
    .option('--token-file <path>', 'require the token read from this file (first line)')
    .option('--dir <path>', 'handshake directory to watch (repeatable)', collect, [])
    .option(
      '--file-root <dir>',
      'a directory agents may offer for file_pick (repeatable; default: the handshake dirs and non-hidden dirs below your home)',
      collect,
      [],
    )
    .option('--log <file>', 'append a JSONL audit log of all interactions')
    .option(
      '--state-dir <path>',
      optionHelp('stateDir', 'where history and pending requests persist'),
    )
    .option(
      '--history-limit <n>',
      'resolved requests kept in history',
      positiveInt(10_000_000),
      5000,
    )
    .option(
      '--cue-db <file>',
      "the original cueme's SQLite mailbox to serve (default ~/.cue/cue.db)",
    )
    .option('--no-cue-db', "don't serve the original cueme's SQLite mailbox")
    .option(
      '--store <url>',
      optionHelp(
        'store',
        'team mode: share requests with other instances through PostgreSQL (postgres://user@host/db)',
      ),
    )
    .option(
      '--operator-token <name=token>',
      `a named operator and their own token (repeatable; visible to local users in ps: prefer --operator-token-file or ${envNames('operatorTokens')})`,
      collect,
      [],
    )
    .option(
      '--operator-token-file <path>',
      optionHelp('operatorTokenFile', 'named operators, one name=token per line'),
    )
    .option(
      '--operator-answers-only',
      optionHelp(
        'operatorAnswersOnly',
        "protocols' own answer endpoints (POST /answer, Tool Server complete) need the operator too",
      ),
    )
    .option(
      '--tool-server-upstream <url>',
      "your own tool server (InfiAgent's Tool Server Lite): every tool but human_in_loop, and the task routes, are forwarded there",
      upstreamUrl,
    )
    .option('--instance-name <name>', "this instance's name in team mode (default: the host name)")
    .action(serveCommand);
};

/** The serve action: flags and variables checked (a bad one is a usage error), then {@link serve}. */
async function serveCommand(
  dirArg: string | undefined,
  flags: ServeFlags,
  command: Command,
): Promise<void> {
  if (flags.tokenFile !== undefined) {
    if (flags.token !== undefined) command.error('use --token or --token-file, not both');
    flags.token = readTokenFile(flags.tokenFile, (m) => command.error(m));
  }
  let env: { store?: string; token?: string; handshakeDir?: string } = {};
  try {
    env = readConfig(process.env, ['store', 'token', 'handshakeDir']);
  } catch (error) {
    command.error((error as Error).message);
  }
  try {
    sharedStoreUrl(flags.store ?? env.store);
  } catch (error) {
    const given = flags.store !== undefined ? '--store' : SETTINGS.store.env.name;
    command.error(`${given}: ${(error as Error).message.replace(/^store: /, '')}`);
  }
  flags.operatorToken = [
    ...flags.operatorToken,
    ...operatorTokensFromEnvAndFile(flags.operatorTokenFile, (m) => command.error(m)),
  ];
  for (const pair of flags.operatorToken)
    if (!/^[^=\s]+=\S+$/.test(pair))
      command.error(`--operator-token: expected name=token, got "${pair.split('=')[0]}=…"`);
  if (
    !isLoopbackHost(flags.host) &&
    !(flags.token ?? env.token) &&
    flags.operatorToken.length === 0
  )
    command.error(
      `binding ${flags.host} (not loopback) requires a token: pass --token-file or set ${SETTINGS.token.env.name}`,
    );
  const outbound = {
    ...outboundServiceOptions(flags, (m) => command.error(m), readTokenFile),
    ...hapiOptions(flags, (m) => command.error(m)),
  };
  const dirs = [...(dirArg ? [dirArg] : []), ...flags.dir];
  if (dirs.length === 0) dirs.push(env.handshakeDir ?? DEFAULT_HANDSHAKE_DIR);
  await serve(brokerOptions(dirs, flags, outbound));
}

/** The broker service's options from the checked flags (the outbound ones already read). */
function brokerOptions(
  dirs: string[],
  flags: ServeFlags,
  outbound: ReturnType<typeof outboundServiceOptions> & ReturnType<typeof hapiOptions>,
): ServeOptions {
  return {
    dirs,
    port: flags.port,
    host: flags.host,
    token: flags.token,
    ...(flags.allowQueryToken ? { allowQueryToken: true } : {}),
    ...(flags.operatorAnswersOnly ? { operatorAnswersOnly: true } : {}),
    stateDir: flags.stateDir,
    historyLimit: flags.historyLimit,
    logFile: flags.log,
    cuemeDb: flags.cueDb === false ? null : flags.cueDb || defaultCuemeDbPath(),
    fileRoots: flags.fileRoot.length ? flags.fileRoot : undefined,
    ...(flags.toolServerUpstream ? { toolServerUpstream: flags.toolServerUpstream } : {}),
    onWarning: (message) => console.error(`clarity-hitl: ${message}`),
    // A start-up loading many requests gets V8's optimizing compiler back at once.
    onBrokerCreated: (broker) => optimizerHold.releaseWhenBusy(broker),
    questionPrefetch: takeStartupPrefetch(),
    ...(flags.store ? { store: flags.store } : {}),
    ...(flags.instanceName ? { instanceName: flags.instanceName } : {}),
    ...outbound,
    operators: flags.operatorToken.map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), token: pair.slice(at + 1) };
    }),
  };
}
