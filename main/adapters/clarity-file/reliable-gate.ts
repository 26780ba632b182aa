import {
  startReliableWatch,
  startReliableWatchInProcess,
  type ReliableChange,
  type ReliableWatch,
} from './reliable-watch';

/** When chokidar starts beside a handshake directory's plain watch, and where it runs. */
export interface ReliableGate {
  /** Notes handshake file names; the first one the broker did not write lets chokidar start. */
  noteOthers(names: Iterable<string>): void;
  /** Lets chokidar start (after the start-up scan), judging the listing `known` first. */
  want(known: Iterable<string>): void;
  /** After a rescan listed `names`: starts chokidar, or moves it to a thread in a fuller dir. */
  afterRescan(names: Set<string>): void;
  mode(): ReliableWatch['mode'] | undefined;
  close(): Promise<void>;
}

export interface ReliableGateOptions {
  dir: string;
  /** A file name chokidar reported, and whether it was written (not deleted). */
  onChange: ReliableChange;
  onError: (error: unknown) => void;
  /** Whether a handshake file is one the broker wrote itself (HandshakeWatchOptions.ownFile). */
  ownFile: (name: string) => boolean;
  /** Whether a name is a handshake file another process wrote, and still there. */
  isOthers: (name: string) => boolean;
  /** Held back beyond this many listed files (HandshakeWatchOptions.reliableMaxFiles). */
  maxFiles: number;
  /** In a worker thread beyond this many (HandshakeWatchOptions.reliableThreadFiles). */
  threadFiles: number;
  /** Whether the directory's own `fs.watch` is open. */
  watching: () => boolean;
  /** How many handshake files the last listing held (0 before the first). */
  listed: () => number;
}

/**
 * The chokidar side of watchHandshakeDir: starts it once wanted and once a handshake file the
 * broker did not write was seen (at once when the plain watch is down), not in a very full
 * directory, in-process with few files and in a worker thread with more; the in-process watch
 * keeps reporting until the thread's has finished its first walk.
 */
export function createReliableGate(options: ReliableGateOptions): ReliableGate {
  const { dir, onChange, onError, ownFile, isOthers, maxFiles, threadFiles } = options;
  let closed = false;
  let reliable: ReliableWatch | undefined;
  let wanted = false;
  // The in-process chokidar that keeps reporting until the thread's has finished its first walk.
  let handingOver: ReliableWatch | undefined;
  let threaded = false;
  // Whether a handshake file the broker did not write has been seen: chokidar waits for one.
  let othersSeen = false;

  const startThread = () => {
    threaded = true;
    const previous = reliable;
    handingOver = previous;
    reliable = startReliableWatch(dir, onChange, onError, {
      onReady: () => {
        if (handingOver !== previous) return;
        handingOver = undefined;
        void previous?.close();
      },
    });
  };
  const start = () => {
    if (closed || reliable || !wanted) return;
    // Without the directory's own watch chokidar is the only live source: it starts at once.
    if (!othersSeen && options.watching()) return;
    const files = options.listed();
    if (files > maxFiles) return;
    if (files > threadFiles) startThread();
    else reliable = startReliableWatchInProcess(dir, onChange, onError, ownFile);
  };
  const noteOthers = (names: Iterable<string>) => {
    if (othersSeen) return;
    for (const name of names) {
      if (!isOthers(name)) continue;
      othersSeen = true;
      break;
    }
    if (othersSeen && wanted) setImmediate(start);
  };

  return {
    noteOthers,
    want: (known) => {
      wanted = true;
      noteOthers(known);
      setImmediate(start);
    },
    afterRescan: (names) => {
      noteOthers(names);
      if (!reliable && wanted) start();
      else if (reliable && !threaded && names.size > threadFiles) startThread();
    },
    mode: () => reliable?.mode,
    close: async () => {
      closed = true;
      await Promise.all([reliable?.close(), handingOver?.close()]);
      reliable = undefined;
      handingOver = undefined;
    },
  };
}
