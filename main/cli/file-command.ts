import type { QuestionEntry } from '../adapters/clarity-file';
import { AuditLog } from '../broker/audit-log';
import { escapeControls } from '@contract/printable';

/** The "unknown key" message, listing what is pending so a typo is easy to spot. */
export function describeNotFound(key: string, dir: string, known: string[]): string {
  return `no pending question with key or file name "${escapeControls(key)}" in ${dir} (${pendingHint(known)})`;
}

/** What is pending in a directory, for messages about a key that is not (at most ten keys). */
export function pendingHint(known: string[]): string {
  return known.length === 0
    ? 'no questions are pending there'
    : `pending: ${known.slice(0, 10).map(escapeControls).join(', ')}${known.length > 10 ? ', …' : ''}`;
}

/**
 * Appends one audit line for a one-shot file command (`answer`, `cancel`) when `--log` is given.
 * An answer written before its question (no entry yet) logs an empty question and no wait.
 */
export async function appendCliAudit(
  logFile: string | undefined,
  entry: QuestionEntry | { key: string },
  what: { event: 'answered'; response: string } | { event: 'cancelled' },
): Promise<void> {
  if (!logFile) return;
  const log = await AuditLog.open(logFile);
  const now = Date.now();
  const asked = 'question' in entry;
  log.append({
    time: new Date(now).toISOString(),
    event: what.event,
    key: asked ? entry.question.key : entry.key,
    source: 'clarity-file',
    question: asked ? entry.question.question : '',
    ...(what.event === 'answered' ? { response: what.response } : {}),
    resolvedBy: 'cli',
    waitMs: asked ? Math.max(0, now - entry.createdAt) : 0,
  });
  await log.close();
}
