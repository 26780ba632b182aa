import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` (UTF-8) to `path` so that no reader ever sees a partial file: the bytes go to a
 * hidden temp file in the same directory, and the temp file is renamed over `path`.
 * The temp name (`.{name}.{random}.tmp`) never ends in `.question` or `.answer`, so handshake
 * watchers ignore it. A symlink at `path` is replaced, never followed.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    // No fsync: atomicity for readers comes from rename; durability across a power cut is not
    // needed (the runtime is blocked waiting and would time out) and fsync costs milliseconds.
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
