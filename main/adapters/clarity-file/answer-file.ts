import { unlinkSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { readAgentFile } from './agent-file';
import { isMissing, MAX_QUESTION_BYTES } from './question-file';

export type AnswerRead =
  | {
      ok: true;
      text: string;
      /** The file has no bytes at all (perhaps still being written). */ empty: boolean;
    }
  | { ok: false; missing: true }
  | { ok: false; missing?: false; reason: string };

/**
 * Reads an `.answer` file written by another process (a file tool, a previous broker run).
 * The text is trimmed, as the Clarity runtime trims it. Symlinks are never followed and a FIFO
 * never blocks (readAgentFile). Synchronous reads for the reason given at readQuestionFile.
 */
export async function readAnswerFile(path: string): Promise<AnswerRead> {
  const file = readAgentFile(path, MAX_QUESTION_BYTES);
  if (!file.ok)
    return file.missing ? { ok: false, missing: true } : { ok: false, reason: file.reason };
  const text = file.bytes.toString('utf8');
  return { ok: true, text: text.trim(), empty: text.length === 0 };
}

/**
 * Deletes a file, treating "already gone" as success; true when this call removed it. One unlink in libuv's thread pool:
 * fs.promises.rm takes three trips (two lstats, then the unlink), and a synchronous unlink would
 * hold the event loop while the kernel waits for the directory, which the watchers (chokidar's
 * re-reads above all) keep busy.
 */
export async function removeIfPresent(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return false;
  }
}

/**
 * removeIfPresent, synchronously. For the broker's own mirror files, removed as their request
 * resolves: the mirror was written with synchronous calls too, and a thread-pool unlink costs two
 * thread hand-offs and a wake-up of the event loop per file, which on a 2-core machine delayed the
 * next HTTP-mode question more than the unlink itself.
 */
export function removeNow(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch (error) {
    if (!isMissing(error)) throw error;
    return false;
  }
}
