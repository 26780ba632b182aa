import { escapeControls } from '@contract/printable';
import { cut, formatAge } from './text';
import { sanitizeForTerminal } from './text';

export interface TableRow {
  key: string;
  ageMs: number;
  question: string;
}

const KEY_MIN = 20;
const KEY_MAX = 40;
const AGE = 8;

/**
 * The `list` table of the spec: key, age as HH:MM:SS, and the first line of the question cut so
 * each row fits in `width` columns.
 * ```
 * key                  age      question
 * ──────────────────── ──────── ───────────────────────────────
 * review-step-3        00:02:14 Does this summary look correct?
 * ```
 */
export function renderQuestionTable(rows: TableRow[], width: number): string {
  const keys = rows.map((r) => escapeControls(r.key));
  const keyWidth = Math.min(KEY_MAX, Math.max(KEY_MIN, ...keys.map((k) => [...k].length)));
  const questionWidth = Math.max(10, width - keyWidth - AGE - 2);
  const firstLines = rows.map(
    (r) =>
      sanitizeForTerminal(r.question)
        .split('\n')
        .find((l) => l.trim() !== '') ?? '',
  );
  const ruleWidth = Math.min(questionWidth, Math.max(31, ...firstLines.map((l) => [...l].length)));
  const line = (k: string, a: string, q: string) =>
    `${pad(cut(k, keyWidth), keyWidth)} ${pad(a, AGE)} ${cut(q, questionWidth)}`.trimEnd();
  return (
    [
      line('key', 'age', 'question'),
      `${'─'.repeat(keyWidth)} ${'─'.repeat(AGE)} ${'─'.repeat(ruleWidth)}`,
      ...rows.map((r, i) => line(keys[i]!, formatAge(r.ageMs), firstLines[i]!.trim())),
    ].join('\n') + '\n'
  );
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}
