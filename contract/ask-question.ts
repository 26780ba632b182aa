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
export type { AskQuestion, AskPick, AskPicks } from './ask-answers';

export const AskQuestionSchema = z.object({
  question: z.string().min(1).max(5000),
  header: z.string().max(200).default(''),
  options: z.array(AskOptionSchema).min(1).max(8),
  multiSelect: z.boolean().default(false),
});

/** The operator's answer to one question: labels among its options, and/or "Other" text. */
export const AskPickSchema = z.object({
  selected: z.array(z.string().max(500)).max(8).default([]),
  other: z.string().max(10_000).optional(),
});

/** The answers keyed by question text, as the operator gave them. */
export const AskPicksSchema = z.record(z.string().max(5000), AskPickSchema);

export { askAnswerText, askAnswers, askPicksFromText } from './ask-answers';
