import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { FileSignature } from './question-file';

/**
 * Writes `text` (UTF-8) to `path` so that no reader ever sees a partial file: the bytes go to a
 * hidden temp file in the same directory, and the temp file is renamed over `path`.
 * The temp name (`.{name}.{random}.tmp`) never ends in `.question` or `.answer`, so handshake
 * watchers ignore it. A symlink at `path` is replaced, never followed.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  writeAtomic(path, text, false);
}

/**
 * writeFileAtomic, giving the signature of the file written (taken from its own descriptor, so
 * it is that file's even if someone replaces it right after the rename): the adapter uses it to
 * recognise its own file when the watch reports it back.
 */
export async function writeFileAtomicSigned(path: string, text: string): Promise<FileSignature> {
  return writeAtomic(path, text, true)!;
}

// Unique per process (random) and per write (counter); O_EXCL refuses a name that exists anyway.
const TEMP_PREFIX = randomBytes(6).toString('hex');
let tempCount = 0;

function writeAtomic(path: string, text: string, sign: boolean): FileSignature | undefined {
  const temp = join(
    dirname(path),
    `.${basename(path)}.${TEMP_PREFIX}${(tempCount++).toString(36)}.tmp`,
  );
  // Synchronous calls: an answer is small, and async ones would queue in libuv's thread pool
  // behind other file-system work (see readQuestionFile).
  // No fsync: atomicity for readers comes from rename; durability across a power cut is not
  // needed (the runtime is blocked waiting and would time out) and fsync costs milliseconds.
  try {
    let signature: FileSignature | undefined;
    const fd = openSync(temp, 'wx');
    try {
      const bytes = Buffer.from(text, 'utf8');
      for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
      if (sign) {
        // rename keeps the inode and the modification time.
        const stats = fstatSync(fd);
        signature = { ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs };
      }
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
    return signature;
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
