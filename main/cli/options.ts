import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { ConfigError, readVar } from '../config/env-read';
import { HANDSHAKE_DIR } from '../config/env-vars';
import { optionHelp } from '../config/help-text';
import { DEFAULT_HANDSHAKE_DIR } from '../config/settings-table';

export { DEFAULT_HANDSHAKE_DIR };

/** `--dir`'s help line (every command that reads a handshake directory). */
export const DIR_HELP = optionHelp('handshakeDir', 'handshake directory');

/** Exit codes of the `clarity-hitl` commands (documented in docs/cli.md). */
export const ExitCode = {
  ok: 0,
  /** Something unexpected failed (I/O error, ...). */
  failure: 1,
  /** Bad usage: unknown option, missing or invalid argument. */
  usage: 2,
  /** No question with that key or file name. */
  notFound: 3,
  /** The question is already answered. */
  conflict: 4,
  /** Stopped by Ctrl-C (SIGINT). */
  interrupted: 130,
} as const;

/**
 * The handshake directory, absolute: the positional `[dir]`, else `--dir`, else
 * `CLARITY_HITL_DIR`, else `.clarity-hitl/` (relative paths against the current directory).
 */
export function resolveHandshakeDir(
  arg?: string,
  flag?: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return resolve(arg || flag || readVar(HANDSHAKE_DIR, env) || DEFAULT_HANDSHAKE_DIR);
}

/** Commander parser for a non-negative number of seconds (e.g. `--timeout 90`, `--timeout 1.5`). */
export function parseSeconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0)
    throw usageArgumentError(`expected a number of seconds, got ${JSON.stringify(value)}`);
  return n;
}

function usageArgumentError(message: string): InvalidArgumentError {
  const error = new InvalidArgumentError(message);
  error.exitCode = ExitCode.usage;
  return error;
}

/** An error a command reports as one line on stderr and turns into an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = ExitCode.failure,
  ) {
    super(message);
  }
}

/**
 * Makes commander's own usage errors (unknown option, missing argument) exit with
 * ExitCode.usage instead of 1; help and version still exit 0.
 */
export function withUsageExitCode(command: Command): Command {
  return command.exitOverride((error) => {
    process.exit(error.exitCode === 0 ? 0 : ExitCode.usage);
  });
}

/**
 * Applies {@link withUsageExitCode} to the program and every subcommand below it, so an unknown
 * option or an invalid option value exits 2 whichever command it was given to.
 */
export function withUsageExitCodes(program: Command): Command {
  withUsageExitCode(program);
  for (const command of program.commands) withUsageExitCodes(command);
  return program;
}

/**
 * Wraps a command action: a CliError prints `clarity-hitl: <message>` and sets its exit code; a
 * bad environment variable (ConfigError) exits 2; anything else prints the same way with exit code 1. The process is never killed mid-write.
 */
export function action<A extends unknown[]>(
  run: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await run(...args);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`clarity-hitl: ${message}\n`);
      process.exitCode =
        error instanceof CliError
          ? error.exitCode
          : error instanceof ConfigError
            ? ExitCode.usage
            : ExitCode.failure;
    }
  };
}
