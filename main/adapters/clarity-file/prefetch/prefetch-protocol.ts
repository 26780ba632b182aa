import type { PrefetchedRow } from './prefetch-read';

/** What the prefetch thread is started with. */
export interface PrefetchWorkerData {
  /** The handshake directory, resolved. */
  dir: string;
  /** Question files read ahead at most (the rest are read by the scan as usual). */
  maxFiles: number;
  /** Files per message. */
  batch: number;
}

/** The thread's messages, in this order: planned, rows… (changed in between, once asked), done. */
export type PrefetchMessage =
  /** Its own watch of the directory is open, then it listed it: the bases it will read. */
  | { type: 'planned'; bases: string[]; dev: number; ino: number }
  /**
   * JSON of `(PrefetchedRow | string)[]`: a row per file read ahead, a bare base for one it left
   * to the scan.
   */
  | { type: 'rows'; json: string }
  /**
   * The answer to `sync`: every name its watch saw change since it was opened (`all`: the watch
   * failed or lost events, so none of its reads can be trusted). Its watch is closed then.
   */
  | { type: 'changed'; names: string[]; all: boolean }
  | { type: 'done' };

/** The one message the thread takes: the caller's own watch is open now. */
export const SYNC = 'sync';

export type { PrefetchedRow };
