import type { BrokerServiceOptions } from '../service/broker-service';
import { probePortHolder, type PortHolder } from '../service/port-probe';

/** Another HITL broker (e.g. `clarity-hitl serve`) already listens on the desktop app's port. */
export class BrokerAlreadyRunningError extends Error {
  constructor(
    readonly url: string,
    readonly port: number,
  ) {
    super(`a HITL broker already runs on port ${port} (${url})`);
    this.name = 'BrokerAlreadyRunningError';
  }
}

export interface DesktopServiceStart<S> {
  service: S;
  /** Set when the broker listens on another port than asked, because a program held it. */
  movedFrom?: number;
}

/**
 * Starts the desktop app's broker service. When its port is taken, who holds it decides:
 * another HITL broker means two brokers would share one state directory, so the start fails with
 * {@link BrokerAlreadyRunningError} (the app tells the operator where that broker is); any other
 * program means the broker takes a free port instead and the caller tells the operator so.
 */
export async function startDesktopService<S>(
  start: (options: BrokerServiceOptions) => Promise<S>,
  options: BrokerServiceOptions,
  probe: (host: string, port: number) => Promise<PortHolder> = probePortHolder,
): Promise<DesktopServiceStart<S>> {
  try {
    return { service: await start(options) };
  } catch (error) {
    const port = options.port;
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || !port) throw error;
    const holder = await probe(options.host ?? '127.0.0.1', port);
    if (holder.isBroker) throw new BrokerAlreadyRunningError(holder.url, port);
    return { service: await start({ ...options, port: 0 }), movedFrom: port };
  }
}
