import { startBrokerService, type BrokerService } from '../../service/broker-service';
import type { BrokerServiceOptions } from '../../service/broker-service-types';
import { probePortHolder } from '../../service/port-probe';
import { OwnerLockError } from '../../service/owner-lock';
import { ExitCode } from '../options';

/** Exit code of a usage error (bad flag value, port held by another program). */
export const EXIT_USAGE = ExitCode.usage;
/** Exit code when another HITL broker already runs there (same port, state dir or handshake dir). */
export const EXIT_ALREADY_RUNNING = 3;

/** The service's options as `serve` gives them: always a host and a port. */
export type ServeOptions = BrokerServiceOptions & { host: string; port: number };

/**
 * Runs the broker service in the foreground until SIGINT or SIGTERM: starts it (a broker already
 * running there, a taken port or an unreachable shared store is reported and sets the exit code),
 * prints where it serves, then closes it on the signal.
 */
export async function serve(options: ServeOptions): Promise<void> {
  let service: BrokerService;
  try {
    service = await startBrokerService(options);
  } catch (error) {
    return reportStartFailure(error, options);
  }
  printStarted(service, options);
  await untilStopped(service);
  console.log('Stopped.');
}

/** A start that failed in a way the operator can fix: said on stderr, with the exit code set. */
async function reportStartFailure(error: unknown, options: ServeOptions): Promise<void> {
  if (error instanceof OwnerLockError) {
    console.error(`clarity-hitl: ${error.message}`);
    process.exitCode = EXIT_ALREADY_RUNNING;
    return;
  }
  if (error instanceof Error && error.message.startsWith('shared store ')) {
    console.error(`clarity-hitl: ${error.message}`);
    process.exitCode = 1;
    return;
  }
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  const holder = await probePortHolder(options.host, options.port);
  const message = holder.isBroker
    ? `port ${options.port} is taken: a HITL broker already runs there. Open ${holder.url}`
    : `port ${options.port} on ${options.host} is taken by another program; pick another with --port`;
  console.error(`clarity-hitl: ${message}`);
  process.exitCode = holder.isBroker ? EXIT_ALREADY_RUNNING : EXIT_USAGE;
}

/** Where the broker serves, the one-time login link, and what else it does. */
function printStarted(service: BrokerService, options: ServeOptions): void {
  console.log(`HITL broker listening on ${service.url}`);
  // Jupyter-style: the inbox is the operator's, so it opens from a one-time link (a day to use it;
  // `clarity-hitl open` prints a fresh one).
  console.log(`Open the inbox (login link, works once): ${service.loginUrl(24 * 3600_000)}`);
  for (const dir of service.watched.dirs) console.log(`Watching ${dir}`);
  if (options.toolServerUpstream)
    console.log(`Forwarding tools other than human_in_loop to ${options.toolServerUpstream.href}`);
  if (service.sharedStore) console.log('Team mode: requests are shared through PostgreSQL');
  if (service.hapiHub) console.log(`Following the HAPI hub at ${service.hapiHub.client.origin}`);
  if (service.webhooks)
    console.log(`Sending events to ${service.webhooks.deliveries().length} webhook(s)`);
  if (service.ntfy)
    console.log(
      `Pushing new requests to ntfy topic ${service.ntfy.target.topic} (answers through ${service.ntfy.target.replyTopic})`,
    );
  if (service.telegram)
    console.log(`Sending new requests to Telegram chat ${service.telegram.target.chat}`);
  console.log('Press Ctrl-C to stop.');
}

/** Closes the service on the first SIGINT or SIGTERM; a second Ctrl-C exits at once. */
function untilStopped(service: BrokerService): Promise<void> {
  return new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        // A second Ctrl-C means "now"; repeated SIGTERMs (process managers send several) just wait.
        if (signal !== 'SIGINT') return;
        console.error('clarity-hitl: Ctrl-C again, exiting now');
        process.exit(130);
      }
      stopping = true;
      console.log(`Stopping (${signal})…`);
      service.close().then(resolve, (error: unknown) => {
        console.error(
          `clarity-hitl: error while stopping: ${error instanceof Error ? error.message : String(error)}`,
        );
        process.exitCode = 1;
        resolve();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
