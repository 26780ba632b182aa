import { sep } from 'node:path';
import { readAgentFile } from '../agent-file';
import {
  MAX_QUESTION_BYTES,
  plainQuestion,
  QUESTION_EXT,
  STRICT_UTF8,
  type FileSignature,
  type QuestionFile,
} from '../plain-question';
import { fingerprint } from '../question-fingerprint';
import { stableFileRequestId } from '../stable-id';

/**
 * One question file read ahead, as it crosses from the prefetch thread (one JSON array per batch):
 * base, key, question, timestamp, pid (null when absent), the opened descriptor's inode, size and
 * mtime, the question's fingerprint and the file's stable request id.
 */
export type PrefetchedRow = [
  base: string,
  key: string,
  question: string,
  timestamp: number | null,
  pid: number | null,
  ino: number,
  size: number,
  mtimeMs: number,
  print: string,
  stable: string,
];

/** A question file read ahead, as the start-up scan uses it in place of reading the file. */
export interface PrefetchedQuestion {
  question: QuestionFile;
  signature: FileSignature;
  /** fingerprint(question) */
  print: string;
  /** stableFileRequestId(dir, base, signature, print) */
  stable: string;
}

/**
 * Reads `{dir}/{base}.question` as readQuestionFile would (the same guarded read, strict UTF-8,
 * JSON, the plain shape), with its fingerprint and stable id; undefined for anything that is not
 * a plain question of a runtime (refused, missing, empty, half-written, another shape, a mirror
 * of the broker's own): the scan reads those itself and words their refusal.
 */
export function prefetchQuestion(dir: string, base: string): PrefetchedRow | undefined {
  const path = [dir.endsWith(sep) ? dir : dir + sep, base, QUESTION_EXT].join('');
  const file = readAgentFile(path, MAX_QUESTION_BYTES);
  if (!file.ok || file.bytes.length === 0) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(STRICT_UTF8.decode(file.bytes));
  } catch {
    return undefined;
  }
  const question = plainQuestion(json);
  if (!question || question.mirrorOf !== undefined) return undefined;
  const { ino, size, mtimeMs } = file.stats;
  const print = fingerprint(question);
  const stable = stableFileRequestId(dir, base, { ino, mtimeMs }, print);
  const { key, timestamp, pid } = question;
  return [
    base,
    key,
    question.question,
    timestamp ?? null,
    pid ?? null,
    ino,
    size,
    mtimeMs,
    print,
    stable,
  ];
}

/** The question a row carries, as the scan takes it. */
export function prefetchedQuestion(row: PrefetchedRow): PrefetchedQuestion {
  const [, key, text, timestamp, pid, ino, size, mtimeMs, print, stable] = row;
  const question: QuestionFile = { key, question: text };
  if (timestamp !== null) question.timestamp = timestamp;
  if (pid !== null) question.pid = pid;
  return { question, signature: { ino, size, mtimeMs }, print, stable };
}
