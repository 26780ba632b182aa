import { z } from 'zod';
import { isWellFormed, NOT_WELL_FORMED_MESSAGE } from '@contract/well-formed';
import { QuestionOptionSchema } from './envelope';

/** SemVer, as `protocol.version` of the spec's `04-protocol/envelope.schema.json` requires. */
export const SEMVER_PATTERN = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
/** `context.tu` and `context.snapshot` patterns of the envelope schema. */
export const TU_PATTERN = /^TU-\d{4}-\d{2}-\d{2}-[A-Z]{2,4}\d{2}$/;
export const SNAPSHOT_PATTERN = /^Cold @ \d{4}-\d{2}-\d{2}$/;

/**
 * A `human.question` in the shape of the QuestFoundry spec's JSON Schema
 * (`04-protocol/envelope.schema.json`, intent defined in `04-protocol/INTENTS.md` §5.1):
 * object-valued `protocol`/`sender`/`receiver`, `context.hot_cold`, `safety`, `payload.type`
 * `none` with `data.question` and optional `data.suggestions`. Extra fields are kept.
 */
export const SchemaHumanQuestionSchema = z.looseObject({
  protocol: z.looseObject({
    name: z.literal('qf-protocol', { error: 'must be "qf-protocol"' }),
    version: z.string().regex(SEMVER_PATTERN, 'must be a SemVer version, e.g. 1.0.0'),
  }),
  /** Goes into the poll URL and `Location` header of a 202. */
  id: z.string().trim().min(1).max(256).refine(isWellFormed, NOT_WELL_FORMED_MESSAGE),
  time: z.string().optional(),
  sender: z.looseObject({ role: z.string().trim().min(1), agent: z.string().optional() }),
  receiver: z.looseObject({ role: z.string().trim().min(1) }),
  intent: z.literal('human.question', { error: 'must be "human.question"' }),
  correlation_id: z.string().optional(),
  reply_to: z.string().optional(),
  context: z
    .looseObject({
      hot_cold: z.enum(['hot', 'cold']).optional(),
      tu: z.string().regex(TU_PATTERN, 'must look like TU-2025-11-03-LW01').optional(),
      snapshot: z.string().regex(SNAPSHOT_PATTERN, 'must look like "Cold @ 2025-11-03"').optional(),
      loop: z.string().optional(),
    })
    .optional(),
  safety: z
    .looseObject({
      player_safe: z.boolean().optional(),
      spoilers: z.enum(['allowed', 'forbidden']).optional(),
    })
    .optional(),
  payload: z.looseObject({
    type: z.string().min(1),
    data: z.looseObject({
      question: z.string().trim().min(1),
      context: z.record(z.string(), z.unknown()).optional(),
      suggestions: z.array(z.string().trim().min(1)).optional(),
      /** Not in INTENTS.md; accepted as in the prompt-layer shape. */
      options: z.array(QuestionOptionSchema).optional(),
      recommendation: z.string().optional(),
    }),
  }),
});
export type SchemaHumanQuestion = z.infer<typeof SchemaHumanQuestionSchema>;
