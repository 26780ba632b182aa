import { CuemeMailbox } from '../../adapters/cueme-mailbox/cueme-mailbox';
import type { Broker } from '../../broker/broker';
import type { BrokerServiceOptions } from '../broker-service-types';
import { WatchedDirs } from '../watched-dirs';
import type { Cleanups } from './cleanups';

/**
 * The service's handshake-dir step: watches `options.dirs` (a dir that cannot be watched fails
 * the start unless `strictDirs` is false) and mirrors the pending HTTP-born questions into the
 * first one. chokidar is started later (WatchedDirs.startReliableWatch), once the broker serves.
 */
export async function watchHandshakeDirs(
  broker: Broker,
  options: Pick<BrokerServiceOptions, 'dirs' | 'strictDirs' | 'onDirLost' | 'questionPrefetch'>,
  warn: (message: string) => void,
  cleanups: Cleanups,
): Promise<WatchedDirs> {
  const prefetch = options.questionPrefetch;
  const watched = new WatchedDirs({ broker, warn, onDirLost: options.onDirLost, prefetch });
  cleanups.add(() => watched.close());
  try {
    await watched.set(options.dirs ?? [], { strict: options.strictDirs ?? true });
  } finally {
    prefetch?.close();
  }
  const mirrorTarget = watched.mirrorTarget();
  if (mirrorTarget) {
    for (const request of broker.pending())
      if (request.source === 'clarity-http') await mirrorTarget.mirror(request);
  }
  return watched;
}

/** The service's cueme step: serves the original cueme's SQLite mailbox at `dbPath`, if given. */
export function openCuemeMailbox(
  broker: Broker,
  dbPath: string | null | undefined,
  warn: (message: string) => void,
  cleanups: Cleanups,
): void {
  if (!dbPath) return;
  const mailbox = new CuemeMailbox({ broker, dbPath, warn });
  cleanups.add(() => mailbox.close());
}
