import { z } from 'zod';

/**
 * Claude Code's AskUserQuestion, as its PermissionRequest hook sends it (`tool_input`) and as the
 * answer goes back (`updatedInput` = the same input plus `answers`). The shapes follow
 * `AskUserQuestionInput` / `AskUserQuestionOutput` of `sdk-tools.d.ts` (@anthropic-ai/claude-code
 * 2.1.197, pinned in test/fixtures/claude-code/): 1–4 questions of 2–4 options, "Other" implied,
 * answers keyed by the question text, multi-select labels comma-separated. Read a little more
 * liberally than the package writes them (up to 8 of each) so a newer agent still gets a card.
 */
export const AskOptionSchema = z.object({
  label: z.string().min(1).max(500),
  description: z.string().max(5000).default(''),
  preview: z.string().max(20_000).optional(),
});
export type AskOption = z.infer<typeof AskOptionSchema>;

export const AskQuestionSchema = z.object({
  question: z.string().min(1).max(5000),
  header: z.string().max(200).default(''),
  options: z.array(AskOptionSchema).min(1).max(8),
  multiSelect: z.boolean().default(false),
});
export type AskQuestion = z.infer<typeof AskQuestionSchema>;

/** The operator's answer to one question: labels among its options, and/or "Other" text. */
export const AskPickSchema = z.object({
  selected: z.array(z.string().max(500)).max(8).default([]),
  other: z.string().max(10_000).optional(),
});
export type AskPick = z.infer<typeof AskPickSchema>;

/** The answers keyed by question text, as the operator gave them. */
export const AskPicksSchema = z.record(z.string().max(5000), AskPickSchema);
export type AskPicks = z.infer<typeof AskPicksSchema>;

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
