import { rm, stat } from 'node:fs/promises';
import { safeKey } from '../adapters/clarity-file/safe-key';
import type { HitlRequest } from '@contract/request';
import type { HttpContext } from './context';

/** Longest a response waits for a request's file write before answering without it. */
const SETTLE_MS = 2000;

/**
 * The reference broker's `safeKey`: the base name of the request's handshake files when a
 * watched directory holds them, else the runtime's file-name rule applied to the key.
 */
export function specSafeKey(
  context: HttpContext,
  key: string,
  request: HitlRequest | undefined,
): string {
  return (request && context.requestFiles?.(request)?.safeKey) ?? safeKey(key);
}

/** `{ safeKey, path }` of the request's `.question` file, when there is one. */
export function questionFileFields(
  context: HttpContext,
  request: HitlRequest,
): { safeKey: string; path?: string } {
  const files = context.requestFiles?.(request);
  if (!files) return { safeKey: safeKey(request.key) };
  return { safeKey: files.safeKey, path: files.questionPath };
}

/**
 * Answers `request` through `answer()` and gives `{ safeKey, path }` of the `.answer` file the
 * broker wrote for it (a runtime's file question), once that write is done.
 */
export async function answerWithFileFields(
  context: HttpContext,
  request: HitlRequest,
  answer: () => unknown,
): Promise<{ safeKey: string; path?: string; delivered?: false; deliveryError?: string }> {
  const files = context.requestFiles?.(request);
  await answer();
  if (!files) return { safeKey: safeKey(request.key) };
  if (files.kind !== 'file') return { safeKey: files.safeKey };
  const settled = context.filesSettled?.(request) ?? Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    settled,
    new Promise<void>((resolve) => (timer = setTimeout(resolve, SETTLE_MS))),
  ]).finally(() => clearTimeout(timer));
  // A write that failed is retried (AnswerDelivery): the reply says so rather than "delivered".
  const undelivered = context.requestFiles?.(request)?.undelivered;
  return {
    safeKey: files.safeKey,
    path: files.answerPath,
    ...(undelivered === undefined ? {} : { delivered: false, deliveryError: undelivered }),
  };
}

/**
 * `POST /cancel` of a runtime's file question answered already: its `.question` file goes, as the
 * reference broker's does, once the `.answer` is on disk (the runtime reads that, not the
 * question); an answer still being written keeps both.
 */
export async function dropAnsweredQuestionFile(
  context: HttpContext,
  request: HitlRequest,
): Promise<void> {
  const files = context.requestFiles?.(request);
  if (request.status !== 'answered' || files?.kind !== 'file') return;
  const written = await stat(files.answerPath).then(
    (s) => s.isFile(),
    () => false,
  );
  if (written) await rm(files.questionPath, { force: true });
}
