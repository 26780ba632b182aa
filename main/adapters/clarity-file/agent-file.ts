import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  type Stats,
} from 'node:fs';

/**
 * What opening a file an agent controls gave: its bytes and the stats of the descriptor they
 * were read from, or why it was not read.
 */
export type AgentFileRead =
  | { ok: true; bytes: Buffer; stats: Stats }
  | { ok: false; missing: true }
  | { ok: false; missing?: false; reason: string; stats?: Stats };

/** Open flags: never follow a symlink, never wait for a writer (a FIFO returns at once). */
const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Reads a file someone else may swap at any moment (a question or answer file in a handshake
 * directory) without following a symlink and without blocking the event loop: the path is
 * opened O_NOFOLLOW|O_NONBLOCK, then the opened descriptor (not the path) must be a regular file
 * with one link and at most `maxBytes`, and the bytes come from that descriptor. A FIFO, socket,
 * device, directory or symlink swapped in at any moment is refused, never read.
 */
export function readAgentFile(path: string, maxBytes: number): AgentFileRead {
  // O_NOFOLLOW does not exist on Windows: there the lstat below is the only guard (no FIFOs there).
  if (constants.O_NOFOLLOW === undefined) {
    const link = lstatSync(path, { throwIfNoEntry: false });
    if (!link) return { ok: false, missing: true };
    if (link.isSymbolicLink()) return refused(SYMLINK);
  }
  let fd: number;
  try {
    fd = openSync(path, FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, missing: true };
    // ELOOP (Linux, macOS) / EMLINK (FreeBSD): the last component is a symlink.
    if (code === 'ELOOP' || code === 'EMLINK') return refused(SYMLINK);
    // ENXIO: a socket; EISDIR, EACCES, EPERM, EAGAIN: anything else that is not a readable file.
    return refused(`could not be opened (${code ?? String(error)})`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return refused('is not a regular file', stats);
    if (stats.nlink > 1)
      return refused('has other hard links (it may be a file from elsewhere)', stats);
    if (stats.size > maxBytes)
      return refused(`is larger than ${describeBytes(maxBytes)} (${stats.size} bytes)`, stats);
    // Read to the end, never past one byte over the bound: a file growing meanwhile is caught.
    // Unzeroed: only the bytes read, [0, length), are ever looked at.
    let buffer = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const wanted = buffer.length - length;
      const n = readSync(fd, buffer, length, wanted, null);
      length += n;
      // A regular file gives less than asked only at its end: no second read to see 0.
      if (n < wanted) break;
      if (buffer.length > maxBytes) break;
      const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    if (length > maxBytes)
      return refused(`is larger than ${describeBytes(maxBytes)} (still growing)`, stats);
    return { ok: true, bytes: buffer.subarray(0, length), stats };
  } finally {
    closeSync(fd);
  }
}

const SYMLINK = 'is a symbolic link (symlinks are never followed)';

function refused(reason: string, stats?: Stats): AgentFileRead {
  return { ok: false, reason, stats };
}

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
