import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { BrokerReplyError, BrokerUnavailableError, callBroker } from '../broker-client/broker-http';
import { STATE_DIR } from '../../config/env-vars';
import { BROKER_HELP, locateBroker } from '../broker-client/locate-broker';
import { CliError, ExitCode, action, withUsageExitCode } from '../options';
import type { RegisterCommand } from './register-command';

interface OpenFlags {
  broker?: string;
  browser: boolean;
}

/**
 * `clarity-hitl open`: asks the local broker, as the operator (the CLI reads the operator secret
 * from the state dir), for a fresh one-time login link to the web inbox, prints it and opens it in
 * the default browser (not with `--no-browser`, nor where there is no display).
 */
export const registerOpen: RegisterCommand = (program: Command) => {
  const command = program
    .command('open')
    .description('print (and open) a one-time login link to the web inbox of the running broker')
    .option('--broker <url>', BROKER_HELP)
    .option('--no-browser', 'only print the link')
    .action(action(async (flags: OpenFlags) => openInbox(flags)));
  withUsageExitCode(command);
};

async function openInbox(flags: OpenFlags): Promise<void> {
  const broker = locateBroker(flags.broker, undefined, undefined, 'operator');
  if (!broker.operatorSecret)
    throw new CliError(
      `no operator secret for the broker at ${broker.url}: run this as the user who runs the broker (its state dir holds the secret), with the same ${STATE_DIR.name}`,
      ExitCode.failure,
    );
  let url: string;
  try {
    ({ url } = await callBroker<{ url: string }>(broker, '/api/login-links', {}));
  } catch (error) {
    if (error instanceof BrokerUnavailableError)
      throw new CliError(error.message, ExitCode.failure);
    if (error instanceof BrokerReplyError)
      throw new CliError(`the broker at ${broker.url} refused: ${error.message}`, ExitCode.failure);
    throw error;
  }
  process.stdout.write(`${url}\n`);
  if (flags.browser && openInBrowser(url))
    process.stderr.write('Opened in your browser (the link works once, for 10 minutes).\n');
}

/** Starts the platform's URL opener, detached; false where there is none to start. */
function openInBrowser(url: string): boolean {
  const [opener, ...args] =
    process.platform === 'darwin'
      ? ['open', url]
      : process.platform === 'win32'
        ? ['cmd', '/c', 'start', '""', url]
        : ['xdg-open', url];
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return false;
  try {
    const child = spawn(opener!, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
