import { z } from 'zod';
import { isWellFormed, NOT_WELL_FORMED_MESSAGE } from '@contract/well-formed';

/** `questfoundry/1.x` (any 1.y or 1.y.z). */
export const PROTOCOL_PATTERN = /^questfoundry\/1(\.\d+){0,2}$/;

export const QuestionOptionSchema = z.object({
  key: z.string().trim().min(1),
  label: z.string().trim().min(1),
  /** What picking it implies; shown as the option's description. */
  implication: z.string().optional(),
});

/** A `human.question` envelope (docs/protocols.md#questfoundry). Extra fields are kept. */
export const HumanQuestionSchema = z.looseObject({
  protocol: z.string().regex(PROTOCOL_PATTERN, 'must be questfoundry/1.x'),
  /** Goes into the poll URL and `Location` header of a 202. */
  id: z.string().trim().min(1).max(256).refine(isWellFormed, NOT_WELL_FORMED_MESSAGE),
  time: z.string().optional(),
  sender: z.string().trim().min(1),
  receiver: z.literal('human', { error: 'must be "human"' }),
  intent: z.literal('human.question', { error: 'must be "human.question"' }),
  context: z
    .looseObject({ tu_id: z.string().optional(), correlation_id: z.string().optional() })
    .optional(),
  safety: z.unknown().optional(),
  payload: z.object({
    type: z.literal('question', { error: 'must be "question"' }),
    data: z.looseObject({
      question_text: z.string().trim().min(1),
      options: z.array(QuestionOptionSchema).default([]),
      /** Key of the recommended option / safe default (also accepted: its label). */
      recommendation: z.string().optional(),
      context_summary: z.string().optional(),
    }),
  }),
});
export type HumanQuestion = z.infer<typeof HumanQuestionSchema>;

/**
 * The `human.response` envelope sent back to the asker: valid against the spec's JSON Schema
 * (`04-protocol/envelope.schema.json`, INTENTS.md §5.2), plus the prompt-layer fields earlier
 * versions sent (`context.reply_to`/`correlation_id`/`tu_id`, `data.choice`/`free_text`), which
 * the schema allows as extra properties.
 */
export interface HumanResponse {
  protocol: { name: 'qf-protocol'; version: string };
  id: string;
  time: string;
  sender: { role: 'SR'; agent: string };
  receiver: { role: string };
  intent: 'human.response';
  correlation_id: string;
  reply_to: string;
  context: Record<string, unknown> & { hot_cold: 'hot' | 'cold' };
  safety: { player_safe: boolean; spoilers: 'allowed' | 'forbidden' };
  payload: {
    type: 'none';
    data: { answer: string; choice: string | null; free_text: string | null };
  };
}
