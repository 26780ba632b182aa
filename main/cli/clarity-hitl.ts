import { Command } from 'commander';
import { commands } from './commands';
import { ConfigError } from '../config/env-read';
import { ExitCode, withUsageExitCodes } from './options';
import { version } from '../version';

/** Builds the `clarity-hitl` program; every subcommand lives in its own module under commands/. */
export function buildProgram(): Command {
  const program = new Command('clarity-hitl')
    .description('HITL Broker: the operator inbox for AI agents blocked on a human.')
    .version(version, '-V, --version')
    .showHelpAfterError()
    .enablePositionalOptions();
  for (const register of commands) register(program);
  return withUsageExitCodes(program);
}

const isEntry =
  process.argv[1] !== undefined &&
  /clarity-hitl(\.[cm]?[jt]s)?$|out[\\/]main[\\/]cli\.js$/.test(process.argv[1]);
if (isEntry) {
  buildProgram()
    .parseAsync(process.argv)
    .catch((error: unknown) => {
      console.error(`clarity-hitl: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(error instanceof ConfigError ? ExitCode.usage : ExitCode.failure);
    });
}
