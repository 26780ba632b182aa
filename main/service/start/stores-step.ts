import { hostname } from 'node:os';
import { Broker } from '../../broker/broker';
import type { PostgresStore } from '../../broker/persistence/postgres/postgres-store';
import { RequestStore } from '../../broker/persistence/request-store';
import type { BrokerServiceOptions } from '../broker-service-types';
import type { OwnerLock } from '../owner-lock';
import { describeError } from './cleanups';

/** The broker and where its requests are kept. */
export interface BrokerStores {
  broker: Broker;
  /** The embedded journal in the state dir. */
  store: RequestStore;
  /** The shared PostgreSQL store, in team mode. */
  sharedStore?: PostgresStore;
}

/**
 * The service's store step: the broker, attached to the shared PostgreSQL store in team mode
 * (`storeUrl`; the state lock is released when it cannot be opened) and always to the state
 * dir's journal, which alone (solo) gates an operator's answer until it is journaled.
 */
export async function openBrokerStores(
  options: Pick<BrokerServiceOptions, 'instanceName' | 'historyLimit' | 'onBrokerCreated'>,
  stateDir: string,
  storeUrl: string | undefined,
  lock: OwnerLock,
  warn: (message: string) => void,
): Promise<BrokerStores> {
  const broker = new Broker({
    onListenerError: (error) => warn(`listener failed: ${describeError(error)}`),
    // Per run: after a restart, a page's Last-Event-ID from the last run gets a fresh snapshot
    // (never this run's events under the same numbers, nor nothing at all).
    firstSeq: Date.now(),
    ...(storeUrl ? { instanceName: options.instanceName ?? hostname() } : {}),
  });
  options.onBrokerCreated?.(broker);
  const sharedStore = storeUrl
    ? await openSharedStore(broker, storeUrl, options.historyLimit, lock, warn)
    : undefined;
  const store = new RequestStore({
    stateDir,
    historyLimit: options.historyLimit,
    onSetAside: (file, movedTo) =>
      warn(`${file} was unreadable; kept as ${movedTo}, starting empty`),
    onError: (error) => warn(`could not save state: ${describeError(error)}`),
  });
  store.attach(broker);
  // Solo: an operator's answer to a request kept on disk is journaled before it is made.
  if (!sharedStore) broker.useGate(store.gate);
  return { broker, store, ...(sharedStore ? { sharedStore } : {}) };
}

async function openSharedStore(
  broker: Broker,
  url: string,
  historyLimit: number | undefined,
  lock: OwnerLock,
  warn: (message: string) => void,
): Promise<PostgresStore> {
  let sharedStore: PostgresStore | undefined;
  try {
    // Loaded only in team mode: `pg` costs a solo broker ~45 ms of start-up and ~15 MB.
    const { PostgresStore } = await import('../../broker/persistence/postgres/postgres-store');
    sharedStore = await PostgresStore.open({ url, historyLimit, onWarning: warn });
    await sharedStore.attach(broker);
    return sharedStore;
  } catch (error) {
    await sharedStore?.close();
    lock.release();
    throw error;
  }
}
