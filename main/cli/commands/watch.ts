import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { ClarityFileAdapter } from '../../adapters/clarity-file';
import { AuditLog } from '../../broker/audit-log';
import { Broker } from '../../broker/broker';
import { OwnerLockError, acquireOwnerLock, type LockHolder } from '../../service/owner-lock';
import { HANDSHAKE_LOCK } from '../../service/watched-dirs';
import {
  CliError,
  ExitCode,
  action,
  parseSeconds,
  resolveHandshakeDir,
  withUsageExitCode,
  DIR_HELP,
} from '../options';
import { colorEnabled, paint } from '../terminal/colors';
import { WatchSession } from '../terminal/watch-session';
import type { RegisterCommand } from './register-command';

interface WatchFlags {
  dir?: string;
  timeout?: number;
  autoApprove?: boolean;
  log?: string;
}

/** `clarity-hitl watch [dir]`: answer Clarity questions from the terminal, one boxed prompt at a time. */
export const registerWatch: RegisterCommand = (program: Command) => {
  const command = program
    .command('watch [dir]')
    .description('watch the handshake dir and answer each question in the terminal')
    .option('--dir <path>', DIR_HELP)
    .option(
      '--timeout <secs>',
      'skip questions older than this many seconds (default: never)',
      parseSeconds,
    )
    .option('--auto-approve', 'answer every question with an empty approval (CI dry-runs)')
    .option('--log <file>', 'append a JSONL audit log of all interactions')
    .addHelpText(
      'after',
      `
Each question is shown in a box; type an answer and press Enter (Enter alone is an empty
approval). Questions that arrive meanwhile queue up in arrival order. With piped stdin, each
line answers the next question and watch ends when stdin ends.

watch owns the directory while it runs (as a broker does): it refuses to start when a broker
or another watch already watches it, and a broker started meanwhile is refused.

Exit codes: 0 stdin ended, 130 Ctrl-C, 143 SIGTERM, 2 usage error, 3 the directory is already
watched (by a broker or another watch), 1 failure.`,
    )
    .action(
      action(async (dirArg: string | undefined, flags: WatchFlags) =>
        watch(resolveHandshakeDir(dirArg, flags.dir), flags),
      ),
    );
  withUsageExitCode(command);
};

/** The holder name written in the lock, so a refused `serve` can say who has the directory. */
const WATCH_HOLDER = 'clarity-hitl watch';

async function watch(dir: string, flags: WatchFlags): Promise<void> {
  const lock = await lockDir(dir);
  try {
    await watchLocked(dir, flags);
  } finally {
    lock.release();
  }
}

/**
 * Takes the directory's owner lock, as a broker does: two programs answering the same question
 * files would answer one question twice. Refused (exit 3, as `serve` when already running) when
 * a broker or another watch holds it.
 */
async function lockDir(dir: string) {
  await mkdir(dir, { recursive: true });
  try {
    return acquireOwnerLock(join(dir, HANDSHAKE_LOCK), `handshake dir ${dir}`, WATCH_HOLDER);
  } catch (error) {
    if (error instanceof OwnerLockError)
      throw new CliError(describeOwner(dir, error.holder), EXIT_ALREADY_WATCHED);
    throw error;
  }
}

/** Exit code when the directory is already watched (the code `serve` uses for "already running"). */
const EXIT_ALREADY_WATCHED = 3;

function describeOwner(dir: string, holder: LockHolder): string {
  if (holder.by)
    return `${dir} is already watched by ${holder.by} (pid ${holder.pid}); answer there, or stop it first`;
  const at = holder.url ? `, ${holder.url}` : '';
  const inbox = holder.url ? `in its inbox at ${holder.url}` : 'in its inbox';
  return (
    `${dir} is already watched by the HITL broker (pid ${holder.pid}${at}); ` +
    `answer ${inbox} or with \`clarity-hitl answer <key> <response>\` (goes through the broker)`
  );
}

async function watchLocked(dir: string, flags: WatchFlags): Promise<void> {
  const broker = new Broker();
  const colors = paint(colorEnabled(process.stdout));
  const log = flags.log
    ? await AuditLog.open(flags.log, (e) => warn(`audit log write failed: ${String(e)}`))
    : undefined;
  log?.attach(broker);
  const adapter = await ClarityFileAdapter.start({
    dir,
    broker,
    onInvalid: (invalid) => warn(`invalid question file: ${invalid.reason}`),
    onError: (error) => warn(error instanceof Error ? error.message : String(error)),
  });
  let stopWith: (code: number) => void = () => undefined;
  const stopped = new Promise<number>((resolve) => (stopWith = resolve));
  const session = new WatchSession({
    broker,
    input: process.stdin,
    output: process.stdout,
    paint: colors,
    autoApprove: flags.autoApprove,
    timeoutSecs: flags.timeout,
    settle: () => adapter.whenIdle(),
    onInterrupt: () => stopWith(ExitCode.interrupted),
  });
  process.stdout.write(
    colors.dim(
      `Watching ${dir} for questions${flags.autoApprove ? ' (auto-approve)' : ''}. Ctrl-C to stop.`,
    ) + '\n',
  );
  const onSigint = () => stopWith(ExitCode.interrupted);
  const onSigterm = () => stopWith(143);
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigterm);
  session.start();
  const code = await Promise.race([session.done.then(() => ExitCode.ok), stopped]);
  process.off('SIGINT', onSigint);
  process.off('SIGTERM', onSigterm);
  session.stop();
  await adapter.close();
  await log?.close();
  broker.close();
  const left = broker.pendingCount;
  if (left > 0) warn(`${left} question${left === 1 ? '' : 's'} left pending`);
  process.exitCode = code;
}

function warn(message: string): void {
  process.stderr.write(`clarity-hitl: ${message}\n`);
}
