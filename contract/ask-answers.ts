/**
 * AskUserQuestion's answers, free of zod (the inbox's first chunk loads this; the schemas are in
 * ask-question.ts): the answer text Claude Code reads, the check of the operator's picks against
 * the questions, and the terminal's text form.
 */

/** A question as AskUserQuestion asks it (ask-question.ts AskQuestionSchema reads it). */
export interface AskQuestion {
  question: string;
  header: string;
  options: Array<{ label: string; description: string; preview?: string }>;
  multiSelect: boolean;
}

/** The operator's answer to one question: labels among its options, and/or "Other" text. */
export interface AskPick {
  selected: string[];
  other?: string;
}

/** The answers keyed by question text, as the operator gave them. */
export type AskPicks = Record<string, AskPick>;

/** One question's answer as Claude Code reads it: labels comma-separated, then the "Other" text. */
export function askAnswerText(pick: AskPick): string {
  const other = pick.other?.trim();
  return [...pick.selected, ...(other ? [other] : [])].join(', ');
}

/**
 * The `answers` record for `updatedInput` when every question is answered with labels among its
 * options (one for a single-select question, at least one label or "Other" text for each), else the
 * problem, worded for a 400.
 */
export function askAnswers(
  questions: AskQuestion[],
  picks: AskPicks | undefined,
): { answers: Record<string, string> } | { problem: string } {
  if (!picks) return { problem: 'answer each question (value.answers, keyed by question text)' };
  const asked = new Set(questions.map((q) => q.question));
  const stray = Object.keys(picks).find((k) => !asked.has(k));
  if (stray !== undefined) return { problem: `answers: no question ${JSON.stringify(stray)}` };
  const answers: Record<string, string> = {};
  for (const q of questions) {
    const pick = picks[q.question];
    const labels = new Set(q.options.map((o) => o.label));
    if (!pick) return { problem: `answers: ${JSON.stringify(q.question)} is not answered` };
    const unknown = pick.selected.find((s) => !labels.has(s));
    if (unknown !== undefined)
      return {
        problem: `answers: ${JSON.stringify(unknown)} is not an option of ${JSON.stringify(q.question)} (${[...labels].map((l) => JSON.stringify(l)).join(', ')}, or Other text)`,
      };
    if (new Set(pick.selected).size !== pick.selected.length)
      return { problem: `answers: ${JSON.stringify(q.question)} names an option twice` };
    const other = pick.other?.trim() ?? '';
    const count = pick.selected.length + (other ? 1 : 0);
    if (count === 0) return { problem: `answers: ${JSON.stringify(q.question)} is not answered` };
    if (!q.multiSelect && count > 1)
      return { problem: `answers: ${JSON.stringify(q.question)} takes one option (or Other text)` };
    answers[q.question] = askAnswerText({ selected: pick.selected, other });
  }
  return { answers };
}

/**
 * Reads a plain-text answer (the terminal's `clarity-hitl answer`, `POST /answer`): one line per
 * question, in order. A line that names options (comma-separated for a multi-select question,
 * case-insensitively) picks them; any other line is that question's "Other" text. Undefined when
 * the lines do not match the questions in number.
 */
export function askPicksFromText(questions: AskQuestion[], text: string): AskPicks | undefined {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length !== questions.length) return undefined;
  const picks: AskPicks = {};
  questions.forEach((q, i) => {
    const line = lines[i]!;
    const byName = (word: string) =>
      q.options.find((o) => o.label.toLowerCase() === word.trim().toLowerCase())?.label;
    const whole = byName(line);
    const parts = q.multiSelect ? line.split(',').map(byName) : [];
    if (whole !== undefined) picks[q.question] = { selected: [whole] };
    else if (parts.length > 1 && parts.every((p) => p !== undefined))
      picks[q.question] = { selected: [...new Set(parts as string[])] };
    else picks[q.question] = { selected: [], other: line };
  });
  return picks;
}
