import { lstatSync, readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ANSWER_EXT,
  QUESTION_EXT,
  isMissing,
  readQuestionFile,
  type QuestionFile,
} from './question-file';

/** One valid question file found in a handshake directory. */
export interface QuestionEntry {
  /** File name without `.question`; the answer goes to `{baseName}.answer`. */
  baseName: string;
  questionFile: string;
  answerFile: string;
  question: QuestionFile;
  /** When the agent asked: the file's `timestamp`, or its modification time when that is missing or absurd. */
  createdAt: number;
  /** An `.answer` already sits next to it (the runtime has not picked it up yet). */
  answered: boolean;
}

/** A `.question` file that cannot be used, and why. */
export interface InvalidEntry {
  file: string;
  reason: string;
  /** The JSON field at fault, when one is. */
  field?: string;
}

export interface DirScan {
  questions: QuestionEntry[];
  invalid: InvalidEntry[];
}

/**
 * Whether `dir` holds a file whose name is not UTF-8 and that reads as `name` once decoded: such
 * a file cannot be opened (nor answered) by the name the broker sees. Looked up only for a name
 * with U+FFFD (what a byte that is not UTF-8 decodes to) that could not be opened.
 */
export function hasUndecodableName(dir: string, name: string): boolean {
  if (!name.includes('\uFFFD')) return false;
  try {
    const own = Buffer.from(name);
    return readdirSync(dir, { encoding: 'buffer' }).some(
      (raw) => !raw.equals(own) && raw.toString('utf8') === name,
    );
  } catch {
    return false;
  }
}

/** `review_step_1.question` → `review_step_1`; undefined for any other name. */
export function questionBaseName(fileName: string): string | undefined {
  if (!fileName.endsWith(QUESTION_EXT) || fileName.length === QUESTION_EXT.length) return undefined;
  return fileName.slice(0, -QUESTION_EXT.length);
}

/** `review_step_1.answer` → `review_step_1`; undefined for any other name. */
export function answerBaseName(fileName: string): string | undefined {
  if (!fileName.endsWith(ANSWER_EXT) || fileName.length === ANSWER_EXT.length) return undefined;
  return fileName.slice(0, -ANSWER_EXT.length);
}

/** The request's creation time: the runtime's timestamp when plausible, else the file time. */
export function questionCreatedAt(question: QuestionFile, mtimeMs: number, now: number): number {
  const ts = question.timestamp;
  if (ts !== undefined && Number.isFinite(ts) && ts > 946_684_800_000 && ts <= now + 60_000)
    return ts;
  return Math.min(Math.round(mtimeMs), now);
}

/** True when `path` exists (as anything, a dangling symlink included). Sync: see readQuestionFile. */
export async function exists(path: string): Promise<boolean> {
  return existsNow(path);
}

/** exists(), synchronously. */
export function existsNow(path: string): boolean {
  try {
    // No throw for a missing name: building the ENOENT error costs more than the lstat itself.
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/**
 * Reads every `.question` file of `dir` (not recursing, not following symlinks), oldest first.
 * A missing directory reads as empty. Used by the one-shot CLI commands.
 */
export async function scanHandshakeDir(dir: string, now = Date.now()): Promise<DirScan> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isMissing(error)) return { questions: [], invalid: [] };
    throw error;
  }
  const nameSet = new Set(names);
  const scan: DirScan = { questions: [], invalid: [] };
  for (const name of names.sort()) {
    const baseName = questionBaseName(name);
    if (baseName === undefined || name.startsWith('.')) continue;
    const questionFile = join(dir, name);
    const read = readQuestionFile(questionFile);
    if (!read.ok) {
      if (!read.missing)
        scan.invalid.push({
          file: name,
          reason: `${name} ${read.reason}`,
          ...(read.field ? { field: read.field } : {}),
        });
      continue;
    }
    scan.questions.push({
      baseName,
      questionFile,
      answerFile: join(dir, baseName + ANSWER_EXT),
      question: read.question,
      createdAt: questionCreatedAt(read.question, read.signature.mtimeMs, now),
      answered: nameSet.has(baseName + ANSWER_EXT),
    });
  }
  scan.questions.sort((a, b) => a.createdAt - b.createdAt);
  return scan;
}

/**
 * The question a CLI user means by `keyOrName`: the one whose JSON key matches, else the one whose
 * file base name matches (with or without `.question`).
 */
export function findQuestion(scan: DirScan, keyOrName: string): QuestionEntry | undefined {
  const byKey = scan.questions.find((q) => q.question.key === keyOrName);
  if (byKey) return byKey;
  const base = questionBaseName(keyOrName) ?? keyOrName;
  return scan.questions.find((q) => q.baseName === base);
}
