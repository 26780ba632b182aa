import { CuemeMailbox } from '../../adapters/cueme-mailbox/cueme-mailbox';
import type { Broker } from '../../broker/broker';
import type { BrokerServiceOptions } from '../broker-service-types';
import { WatchedDirs } from '../watched-dirs';
import type { Cleanups } from './cleanups';

/**
 * The service's handshake-dir step, first half: the (empty) set of watched dirs, with the
 * question files read ahead for one of them, if any (options.questionPrefetch).
 */
export function newWatchedDirs(
  broker: Broker,
  options: Pick<BrokerServiceOptions, 'onDirLost' | 'questionPrefetch'>,
  warn: (message: string) => void,
  cleanups: Cleanups,
): WatchedDirs {
  const prefetch = options.questionPrefetch;
  const watched = new WatchedDirs({ broker, warn, onDirLost: options.onDirLost, prefetch });
  cleanups.add(() => watched.close());
  // A start that fails before the scan: the reading thread ends with it.
  if (prefetch) cleanups.add(() => prefetch.close());
  return watched;
}

/**
 * The handshake-dir step's second half: watches `options.dirs` (a dir that cannot be watched
 * fails the start unless `strictDirs` is false) and mirrors the pending HTTP-born questions into
 * the first one. chokidar is started later (WatchedDirs.startReliableWatch), once the broker serves.
 */
export async function watchHandshakeDirs(
  watched: WatchedDirs,
  broker: Broker,
  options: Pick<BrokerServiceOptions, 'dirs' | 'strictDirs' | 'questionPrefetch'>,
): Promise<void> {
  try {
    await watched.set(options.dirs ?? [], { strict: options.strictDirs ?? true });
  } finally {
    options.questionPrefetch?.close();
  }
  const mirrorTarget = watched.mirrorTarget();
  if (mirrorTarget) {
    for (const request of broker.pending())
      if (request.source === 'clarity-http') await mirrorTarget.mirror(request);
  }
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
