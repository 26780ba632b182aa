import type { QuestionEntry } from '../adapters/clarity-file';
import { AuditLog } from '../broker/audit-log';
import { escapeControls } from '@contract/printable';

/** The "unknown key" message, listing what is pending so a typo is easy to spot. */
export function describeNotFound(key: string, dir: string, known: string[]): string {
  const hint =
    known.length === 0
      ? 'no questions are pending there'
      : `pending: ${known.slice(0, 10).map(escapeControls).join(', ')}${known.length > 10 ? ', …' : ''}`;
  return `no pending question with key or file name "${escapeControls(key)}" in ${dir} (${hint})`;
}

/** Appends one audit line for a one-shot file command (`answer`, `cancel`) when `--log` is given. */
export async function appendCliAudit(
  logFile: string | undefined,
  entry: QuestionEntry,
  what: { event: 'answered'; response: string } | { event: 'cancelled' },
): Promise<void> {
  if (!logFile) return;
  const log = await AuditLog.open(logFile);
  const now = Date.now();
  log.append({
    time: new Date(now).toISOString(),
    event: what.event,
    key: entry.question.key,
    source: 'clarity-file',
    question: entry.question.question,
    ...(what.event === 'answered' ? { response: what.response } : {}),
    resolvedBy: 'cli',
    waitMs: Math.max(0, now - entry.createdAt),
  });
  await log.close();
}
