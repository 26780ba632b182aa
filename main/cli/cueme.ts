import { BrokerReplyError, BrokerUnavailableError } from './broker-client/broker-http';
import { locateBroker } from './broker-client/locate-broker';
import {
  DEFAULT_CUE_TIMEOUT_SEC,
  UsageError,
  cue,
  join,
  recall,
  type CommandIo,
} from './cueme/commands';
import { EnvelopeError } from './cueme/envelope';
import { fix } from './cueme/fix';
import { USAGE } from './cueme/original-text';
import { EXIT } from './cueme/outcome-text';
import { parseArgs } from './cueme/parse-args';
import { proto } from './cueme/proto';
import { PROTOCOL_TEXT } from './cueme/protocol-text';
import { readStdin } from './cueme/read-stdin';
import { version } from '../version';

export interface CuemeIo extends CommandIo {
  stderr: (text: string) => void;
}

const MIGRATE_TEXT =
  'nothing to migrate: this cueme keeps no database (the HITL Broker holds the requests)';

/**
 * `cueme`: the Human Agent Protocol CLI (docs/protocols.md#hap--cueme), a drop-in for the
 * original `cueme` 0.1.16: the same subcommands, arguments, output text and exit codes, asking
 * through the running HITL Broker instead of a SQLite mailbox. Returns the exit code.
 */
export async function runCueme(argv: readonly string[], io: CuemeIo): Promise<number> {
  const first = argv[0];
  if (first === '-v' || first === '--version') return print(io, version);
  if (first === '-p' || first === '--protocol') return print(io, PROTOCOL_TEXT);
  const { positionals, options } = parseArgs(argv);
  const [sub, ...pos] = positionals;
  if (!sub || sub === 'help' || sub === '-h') return print(io, USAGE);
  try {
    if (options.agent_id !== undefined || options.prompt !== undefined) {
      throw new UsageError(
        'error: --agent_id/--prompt flags are not supported; use positional args\n',
      );
    }
    const broker = () =>
      locateBroker(typeof options.broker === 'string' ? options.broker : undefined, io.env);
    switch (sub) {
      case 'fix':
        return fix(pos[0], io);
      case 'migrate':
        return print(io, MIGRATE_TEXT);
      case 'proto':
        return proto(pos, io);
      case 'join':
        if (!pos[0]) throw new UsageError('error: missing <agent_runtime>\n');
        return await join(broker(), pos[0], io);
      case 'recall':
        return await recall(broker(), pos.join(' '), io);
      case 'cue':
      case 'pause':
        return await cueOrPause(sub, pos, options, broker, io);
      default:
        return print(io, `unknown subcommand: ${sub}`);
    }
  } catch (error) {
    const { message, code } = exitFor(error);
    if (message) io.stderr(message.endsWith('\n') ? message : `${message}\n`);
    return code;
  }
}

function cueOrPause(
  mode: 'cue' | 'pause',
  pos: string[],
  options: Record<string, string | true>,
  broker: () => ReturnType<typeof locateBroker>,
  io: CuemeIo,
): Promise<number> {
  const [agentId, source] = pos;
  if (!agentId) throw new UsageError('error: missing <agent_id>\n');
  if (options.payload !== undefined) {
    throw new UsageError(
      mode === 'cue'
        ? 'error: --payload is not supported for cue. Use stdin tag-blocks envelope.\n'
        : 'error: --payload is not supported for pause. Use tag-blocks stdin or positional prompt.\n',
    );
  }
  if (mode === 'cue' && source !== '-')
    throw new UsageError('error: cue requires stdin tag-blocks. Usage: cueme cue <agent_id> -\n');
  if (mode === 'cue' && pos.length > 2)
    throw new UsageError('error: cue only accepts <agent_id> - and stdin tag-blocks envelope.\n');
  if (mode === 'pause' && source === '-' && pos.length > 2) {
    throw new UsageError(
      'error: pause only accepts <agent_id> [prompt|-] (tag-blocks stdin when "-" is used).\n',
    );
  }
  const timeout = mode === 'cue' ? timeoutOf(options.timeout) : null;
  return cue(broker(), mode, agentId, source, timeout, io);
}

/** `--timeout <s>` (an addition to the original, which waits a fixed 10 minutes). */
function timeoutOf(value: string | true | undefined): number | null {
  if (value === undefined) return DEFAULT_CUE_TIMEOUT_SEC;
  const n = Number(value);
  if (value === true || !Number.isFinite(n) || n < 0)
    throw new UsageError('error: --timeout must be a number of seconds (0 = no limit)\n');
  return n || null;
}

function print(io: CuemeIo, text: string): number {
  io.stdout(text.endsWith('\n') ? text : `${text}\n`);
  return EXIT.answered;
}

/** Maps an error to its stderr text and exit code. */
export function exitFor(error: unknown): { message?: string; code: number } {
  if (error instanceof UsageError) return { message: error.message, code: EXIT.usage };
  if (error instanceof EnvelopeError)
    return { message: `error: ${error.message.split('\n')[0]}`, code: EXIT.usage };
  if (error instanceof BrokerUnavailableError || error instanceof BrokerReplyError)
    return { message: `cueme: ${error.message.split('\n')[0]}`, code: EXIT.error };
  const message = error instanceof Error ? error.message : String(error);
  return { message: `cueme: ${message.split('\n')[0]}`, code: EXIT.error };
}

const isEntry =
  process.argv[1] !== undefined &&
  /cueme(\.[cm]?[jt]s)?$|out[\\/]main[\\/]cueme\.js$/.test(process.argv[1]);
if (isEntry) {
  runCueme(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    readStdin: () => readStdin(),
    cwd: process.cwd(),
    env: process.env,
  }).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      const { message, code } = exitFor(error);
      if (message) process.stderr.write(`${message}\n`);
      process.exitCode = code;
    },
  );
}
