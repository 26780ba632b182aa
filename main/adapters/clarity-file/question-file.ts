import { lstatSync } from 'node:fs';
import { z } from 'zod';
import { TimestampSchema } from '../../broker/liberal-timestamp';
import { RequestKeySchema } from '../../broker/request-key';
import { isStorable, NOT_STORABLE_MESSAGE } from '@contract/well-formed';
import { describeZodError, firstField } from '../../broker/validation';
import { readAgentFile } from './agent-file';

import {
  MAX_QUESTION_BYTES,
  plainQuestion,
  signatureOf,
  STRICT_UTF8,
  type FileSignature,
} from './plain-question';

export { ANSWER_EXT, MAX_QUESTION_BYTES, QUESTION_EXT, type FileSignature } from './plain-question';

/** The JSON a Clarity runtime writes to `{dir}/{safeKey}.question`. Unknown fields are kept out. */
export const QuestionFileSchema = z.object({
  /** Any non-empty string: the key is data; the file is found and answered by its own name. */
  key: RequestKeySchema,
  question: z.string().refine(isStorable, NOT_STORABLE_MESSAGE),
  timestamp: TimestampSchema.optional(),
  pid: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
  /** Set on files the broker wrote to mirror a request born elsewhere (HTTP mode): its request id. */
  mirrorOf: z.string().min(1).optional(),
});
export type QuestionFile = z.output<typeof QuestionFileSchema>;

export type QuestionRead =
  | { ok: true; question: QuestionFile; signature: FileSignature }
  | { ok: false; missing: true }
  /**
   * `transient`: the content may still be being written (empty, cut JSON, cut UTF-8, NUL bytes);
   * it is worth reading again after the next change before calling the file invalid.
   */
  | {
      ok: false;
      missing?: false;
      reason: string;
      transient: boolean;
      signature?: FileSignature;
      /** The JSON field at fault (e.g. `key`, `timestamp`), when one is. */
      field?: string;
    };

/**
 * Reads and validates one question file without following symlinks or blocking on a FIFO (the
 * opened descriptor is checked, not the path: see readAgentFile). Never throws for bad
 * content: the result says why the file is unusable, in words fit for an operator.
 *
 * The reads are synchronous on purpose: an async read goes through libuv's small thread pool,
 * where it can queue behind other file-system work (writes, the directory rescan) for
 * milliseconds in a busy directory. A question file is small and local; reading it
 * directly costs microseconds.
 */
export function readQuestionFile(path: string): QuestionRead {
  const file = readAgentFile(path, MAX_QUESTION_BYTES);
  if (!file.ok) {
    if (file.missing) return { ok: false, missing: true };
    return invalid(file.reason, false, file.stats && signatureOf(file.stats));
  }
  const bytes = file.bytes;
  const signature = signatureOf(file.stats);
  if (bytes.length === 0) return invalid('is empty', true, signature);
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    return (
      nulRefusal(bytes, signature) ??
      invalid('holds binary content (not valid UTF-8)', true, signature)
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return (
      nulRefusal(bytes, signature) ??
      invalid(`is not valid JSON (${(error as Error).message})`, true, signature)
    );
  }
  const plain = plainQuestion(json);
  if (plain) return { ok: true, question: plain, signature };
  const parsed = QuestionFileSchema.safeParse(json);
  if (!parsed.success) {
    const field = firstField(parsed.error);
    return {
      ...invalid(`has invalid fields: ${describeZodError(parsed.error)}`, false, signature),
      ...(field ? { field } : {}),
    } as QuestionRead;
  }
  return { ok: true, question: parsed.data, signature };
}

/** The signature of a regular file at `path`, or undefined when it is missing or anything else (sync: see readQuestionFile). */
export async function statSignature(path: string): Promise<FileSignature | undefined> {
  return statSignatureNow(path);
}

/** {@link statSignature}, synchronously. */
export function statSignatureNow(path: string): FileSignature | undefined {
  try {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    return stats?.isFile()
      ? { ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs }
      : undefined;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * The refusal of a file holding NUL bytes. A NUL never gets past JSON.parse (a control character
 * inside a string, a bad token outside one), so it is looked for only to word a refusal, not in
 * every valid file.
 */
function nulRefusal(bytes: Buffer, signature: FileSignature): QuestionRead | undefined {
  return bytes.includes(0)
    ? invalid('holds binary content (NUL bytes), not JSON text', true, signature)
    : undefined;
}

function invalid(reason: string, transient = false, signature?: FileSignature): QuestionRead {
  return { ok: false, reason, transient, signature };
}

/** True for "no such file" errors (the file went away between events). */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Same file, same content length and time: no need to parse it again. */
export function sameSignature(a: FileSignature | undefined, b: FileSignature | undefined): boolean {
  return !!a && !!b && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}
