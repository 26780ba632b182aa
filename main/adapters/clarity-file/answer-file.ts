import { unlinkSync } from 'node:fs';
import { readAgentFile } from './agent-file';
import { MAX_QUESTION_BYTES } from './question-file';

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
 * Deletes a file, treating "already gone" as success. One synchronous unlink: fs.promises.rm
 * takes three trips through libuv's thread pool (two lstats, then the unlink) and, per mirror
 * answered, cost more than the rest of an HTTP round trip.
 */
export async function removeIfPresent(path: string): Promise<void> {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
