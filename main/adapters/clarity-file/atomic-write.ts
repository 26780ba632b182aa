import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` (UTF-8) to `path` so that no reader ever sees a partial file: the bytes go to a
 * hidden temp file in the same directory, and the temp file is renamed over `path`.
 * The temp name (`.{name}.{random}.tmp`) never ends in `.question` or `.answer`, so handshake
 * watchers ignore it. A symlink at `path` is replaced, never followed.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  // Synchronous calls: an answer is small, and async ones would queue in libuv's thread pool
  // behind other file-system work (see readQuestionFile).
  // No fsync: atomicity for readers comes from rename; durability across a power cut is not
  // needed (the runtime is blocked waiting and would time out) and fsync costs milliseconds.
  try {
    const fd = openSync(temp, 'wx');
    try {
      const bytes = Buffer.from(text, 'utf8');
      for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
