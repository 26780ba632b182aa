import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FileSignature } from './question-file';

/**
 * Writes `text` (UTF-8) to `path` so that no reader ever sees a partial file: the bytes go to a
 * hidden temp file in the same directory, and the temp file is renamed over `path`.
 * The temp name (`.hitl-{unique}.tmp`, 30 bytes whatever `path` is) is hidden and never ends in
 * `.question` or `.answer`, so handshake watchers ignore it; it is never derived from the file's
 * own name, which may already be as long as a name can be (a runtime's 255-byte `.question`).
 * A symlink at `path` is replaced, never followed.
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

/**
 * writeFileAtomic for a name someone else may write at the same moment (an answer file beside a
 * runtime's question): the new file takes the name only where none is (a hard link, which the
 * file system refuses atomically when the name is taken). When one is there, `present()` is
 * awaited first (it may read that file: whole, since its writer renamed it in), then the new file
 * replaces it. So a file written just before this one is always seen by `present()`, never
 * replaced unseen. Where hard links are not supported, present() and the rename alone.
 */
export async function writeFileAtomicOver(
  path: string,
  text: string,
  present: () => Promise<void>,
): Promise<void> {
  const { temp } = writeTemp(path, text, false);
  try {
    if (linkedIntoPlace(temp, path)) return;
    await present();
    renameSync(temp, path);
  } finally {
    // After the link: the temp name only (synchronously, so no read of ours sees two links).
    rmSync(temp, { force: true });
  }
}

/** Links `temp` to `path` if no file has that name; false when one has, or links are refused. */
function linkedIntoPlace(temp: string, path: string): boolean {
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS')
      return false;
    throw error;
  }
}

// Unique per process (random) and per write (counter), without a random draw per write. A name
// taken meanwhile (O_EXCL refuses it) is passed over for a fully random one.
const TEMP_PREFIX = randomBytes(6).toString('hex');
let tempCount = 0;
const TEMP_ATTEMPTS = 5;

/** Creates a new temp file beside `path` (never one that exists); its name and descriptor. */
function openTemp(path: string): { temp: string; fd: number } {
  const stem = join(dirname(path), '.hitl-');
  for (let attempt = 1; ; attempt++) {
    // Fixed length: 12 hex digits of the process, 8 of the counter (or 20 random ones).
    const unique =
      attempt === 1
        ? TEMP_PREFIX + (tempCount++ % 0x1_0000_0000).toString(16).padStart(8, '0')
        : randomBytes(10).toString('hex');
    const temp = `${stem}${unique}.tmp`;
    try {
      return { temp, fd: openSync(temp, 'wx') };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === TEMP_ATTEMPTS)
        throw error;
    }
  }
}

function writeAtomic(path: string, text: string, sign: boolean): FileSignature | undefined {
  const { temp, signature } = writeTemp(path, text, sign);
  try {
    renameSync(temp, path);
    return signature;
  } catch (error) {
    // Only the temp file this call created.
    rmSync(temp, { force: true });
    throw error;
  }
}

/** A new temp file beside `path` holding `text`, and its signature when `sign`. */
function writeTemp(
  path: string,
  text: string,
  sign: boolean,
): { temp: string; signature: FileSignature | undefined } {
  // Synchronous calls: an answer is small, and async ones would queue in libuv's thread pool
  // behind other file-system work (see readQuestionFile).
  // No fsync: atomicity for readers comes from rename; durability across a power cut is not
  // needed (the runtime is blocked waiting and would time out) and fsync costs milliseconds.
  const { temp, fd } = openTemp(path);
  try {
    let signature: FileSignature | undefined;
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
    return { temp, signature };
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
