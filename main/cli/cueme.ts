import { Command, CommanderError, InvalidArgumentError } from 'commander';
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
import { EXIT } from './cueme/outcome-text';
import { readStdin } from './cueme/read-stdin';
import { version } from './version';

/**
 * `cueme`: the Human Agent Protocol CLI (docs/protocols.md#hap--cueme). Talks to the running
 * broker; every command runs in the foreground and prints plain text.
 */
export function buildCuemeProgram(io: CommandIo, exit: (code: number) => void): Command {
  const program = new Command('cueme')
    .description('Human Agent Protocol: ask the operator through the running HITL Broker.')
    .version(version, '-V, --version')
    .option(
      '--broker <url>',
      'broker URL (default: CLARITY_HITL_BROKER_URL, the discovery file, or http://127.0.0.1:7842)',
    )
    .showHelpAfterError()
    .exitOverride((err) => {
      throw err;
    });
  const run = (action: () => Promise<number>) => async () => exit(await action());
  const broker = () => locateBroker(program.opts<{ broker?: string }>().broker, io.env);

  program
    .command('join')
    .description('register this agent; prints agent_id, project_dir, agent_terminal, agent_runtime')
    .argument(
      '<agent_runtime>',
      'where the agent runs: lowercase and _ only (claude_code, cursor, terminal, …)',
    )
    .action((runtime: string) => run(() => join(broker(), runtime, io))());
  program
    .command('recall')
    .description('find your agent_id again from hints (runtime, project dir, …)')
    .argument('<hints...>', 'words that identify the agent')
    .action((hints: string[]) => run(() => recall(broker(), hints.join(' '), io))());
  program
    .command('cue')
    .description(
      'ask the operator: reads a <cueme_prompt>/<cueme_payload> envelope from stdin, prints the answer',
    )
    .argument('<agent_id>')
    .argument('[source]', '`-`: read the envelope from stdin')
    .option(
      '--timeout <seconds>',
      `seconds to wait (0 = no limit)`,
      parseTimeout,
      DEFAULT_CUE_TIMEOUT_SEC,
    )
    .action((agentId: string, source: string | undefined, opts: { timeout: number }) =>
      run(() => cue(broker(), 'cue', agentId, source, opts.timeout || null, io))(),
    );
  program
    .command('pause')
    .description('wait until the operator says continue (no time limit)')
    .argument('<agent_id>')
    .argument('[prompt]', 'what to show, or `-` to read a <cueme_prompt> block from stdin')
    .action((agentId: string, prompt: string | undefined) =>
      run(() => cue(broker(), 'pause', agentId, prompt, null, io))(),
    );
  return program;
}

function parseTimeout(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new InvalidArgumentError('must be a number of seconds (0 = no limit)');
  return n;
}

/** Maps an error to its one-line stderr message and exit code. */
export function exitFor(error: unknown): { message?: string; code: number } {
  if (error instanceof CommanderError) {
    const ok = ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(
      error.code,
    );
    return { code: ok ? 0 : EXIT.usage };
  }
  if (error instanceof UsageError || error instanceof EnvelopeError)
    return { message: error.message, code: EXIT.usage };
  if (error instanceof BrokerUnavailableError || error instanceof BrokerReplyError)
    return { message: error.message, code: EXIT.error };
  return { message: error instanceof Error ? error.message : String(error), code: EXIT.error };
}

const isEntry =
  process.argv[1] !== undefined &&
  /cueme(\.[cm]?[jt]s)?$|out[\\/]main[\\/]cueme\.js$/.test(process.argv[1]);
if (isEntry) {
  const io: CommandIo = {
    stdout: (t) => process.stdout.write(t),
    readStdin: () => readStdin(),
    cwd: process.cwd(),
    env: process.env,
  };
  const exit = (code: number) => {
    process.exitCode = code;
  };
  buildCuemeProgram(io, exit)
    .parseAsync(process.argv)
    .catch((error: unknown) => {
      const { message, code } = exitFor(error);
      if (message) process.stderr.write(`cueme: ${message.split('\n')[0]}\n`);
      process.exitCode = code;
    });
}
