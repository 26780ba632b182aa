import { escapeControls } from '@contract/printable';
import type { Paint } from './colors';
import { sanitizeForTerminal } from './text';

export const ANSWER_PROMPT = 'Answer (Enter to confirm, or type override): ';

/**
 * The boxed prompt of the spec: the key in the title, then every line of the question.
 * ```
 * ╔══ HITL request: review-step-3 ══╗
 * │ Does this summary look correct?
 * ╚═════════════════════════════════╝
 * ```
 */
export function renderPromptBox(key: string, question: string, paint: Paint): string {
  const title = `╔══ HITL request: ${escapeControls(key)} ══╗`;
  const width = [...title].length;
  const body = sanitizeForTerminal(question)
    .split('\n')
    .map((line) => (line ? `${paint.cyan('│')} ${line}` : paint.cyan('│')));
  return (
    [
      paint.cyan(paint.bold(title)),
      ...body,
      paint.cyan(`╚${'═'.repeat(Math.max(0, width - 2))}╝`),
    ].join('\n') + '\n'
  );
}
