import { sha256Base64 } from './one-shot-hash';
import type { QuestionFile } from './plain-question';

/**
 * What makes a question the same question: a runtime that asks again with the same key writes a
 * new timestamp, so a rewritten file with the same fingerprint is the one already tracked.
 * A digest, not the JSON itself: every tracked file keeps one, and the JSON is a second copy of
 * the question's text (up to 1 MiB each) for as long as the request is pending.
 */
export function fingerprint(q: QuestionFile): string {
  return sha256Base64(JSON.stringify([q.key, q.question, q.timestamp, q.pid]));
}
