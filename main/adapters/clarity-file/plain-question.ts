import type { Stats } from 'node:fs';
import { isStorable } from '@contract/well-formed';
import { toMilliseconds } from '../../broker/epoch-milliseconds';
import { MAX_KEY_BYTES } from '../../broker/key-limit';

// What reading a question file needs without zod: the start-up prefetch thread loads only this.

/** Largest question file accepted (1 MiB). */
export const MAX_QUESTION_BYTES = 1024 * 1024;

export const QUESTION_EXT = '.question';
export const ANSWER_EXT = '.answer';

/** A question file's fields as the broker keeps them (QuestionFileSchema's output). */
export interface QuestionFile {
  key: string;
  question: string;
  timestamp?: number;
  pid?: number;
  mirrorOf?: string;
}

/** Identity of the file on disk, to notice that a path now holds a different file. */
export interface FileSignature {
  ino: number;
  size: number;
  mtimeMs: number;
}

/** Refuses bytes that are not UTF-8 (each `decode` call stands alone: no state carries over). */
export const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The signature of the file `stats` describe. */
export function signatureOf(stats: Stats): FileSignature {
  return { ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs };
}

/**
 * The question as QuestionFileSchema would give it, for the plain shape runtimes write (string
 * key and question, numeric timestamp and pid); undefined for anything else, which zod then
 * checks and explains. A directory of 100,000 questions is read at start: zod's generic path
 * was a fifth of the per-file cost.
 */
export function plainQuestion(json: unknown): QuestionFile | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const { key, question, timestamp, pid, mirrorOf } = json as Record<string, unknown>;
  // A UTF-16 unit is at most 3 UTF-8 bytes: a key this short is within the byte limit.
  if (typeof key !== 'string' || key.length === 0 || key.length * 3 > MAX_KEY_BYTES) return;
  // Text no store can keep (NUL, a lone surrogate) is left to zod, which names the field.
  if (typeof question !== 'string' || !isStorable(key) || !isStorable(question)) return undefined;
  if (timestamp !== undefined && (typeof timestamp !== 'number' || !Number.isFinite(timestamp)))
    return undefined;
  if (pid !== undefined && !Number.isSafeInteger(pid)) return undefined;
  if (mirrorOf !== undefined && (typeof mirrorOf !== 'string' || mirrorOf === '')) return undefined;
  const plain: QuestionFile = { key, question };
  if (timestamp !== undefined) plain.timestamp = toMilliseconds(timestamp as number);
  if (pid !== undefined) plain.pid = pid as number;
  if (mirrorOf !== undefined) plain.mirrorOf = mirrorOf as string;
  return plain;
}
