import { lstatSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { MAX_QUESTION_BYTES, isMissing } from './question-file';

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
 * The text is trimmed, as the Clarity runtime trims it. Symlinks are never followed.
 * Synchronous reads for the reason given at readQuestionFile.
 */
export async function readAnswerFile(path: string): Promise<AnswerRead> {
  try {
    // No exception for the usual case of no answer yet (thrown errors cost ~10 µs each at start-up over 10,000 questions).
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats) return { ok: false, missing: true };
    if (stats.isSymbolicLink())
      return { ok: false, reason: 'is a symbolic link (symlinks are never followed)' };
    if (!stats.isFile()) return { ok: false, reason: 'is not a regular file' };
    if (stats.size > MAX_QUESTION_BYTES)
      return { ok: false, reason: `is larger than 1 MiB (${stats.size} bytes)` };
    const text = readFileSync(path, 'utf8');
    return { ok: true, text: text.trim(), empty: text.length === 0 };
  } catch (error) {
    if (isMissing(error)) return { ok: false, missing: true };
    throw error;
  }
}

/** Deletes a file, treating "already gone" as success. */
export async function removeIfPresent(path: string): Promise<void> {
  await rm(path, { force: true });
}
