import { afterFirstFrames } from './first-frames';

/** The zod checks of what the broker sends (parse-inbox-event.ts, with zod and the shared schemas). */
export type InboxChecks = typeof import('./parse-inbox-event');

let loading: Promise<InboxChecks> | undefined;
let loaded: InboxChecks | undefined;

/**
 * Loads the checks once. zod and the shared schemas are a hundred kilobytes of code that the
 * first paint of the inbox does not need (its first page passes a structural check, see
 * listed-snapshot.ts): they load after the first frames are out. A failed load is retried on the
 * next call.
 */
export function loadInboxChecks(): Promise<InboxChecks> {
  loading ??= afterFirstFrames()
    .then(() => import('./parse-inbox-event'))
    .then(
      (checks) => (loaded = checks),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
  return loading;
}

/** The checks, when they have loaded. */
export function inboxChecksIfLoaded(): InboxChecks | undefined {
  return loaded;
}
