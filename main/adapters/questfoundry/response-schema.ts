import { z } from 'zod';

/**
 * The `human.response` envelope (envelope.ts's HumanResponse) as a zod schema, for the routes'
 * replies and the OpenAPI document: valid against the spec's envelope JSON Schema, with the prompt
 * layer's extra fields.
 */
export const HumanResponseSchema = z.object({
  protocol: z.object({ name: z.literal('qf-protocol'), version: z.string() }),
  id: z.string(),
  time: z.string(),
  sender: z.object({ role: z.literal('SR'), agent: z.string() }),
  receiver: z.object({ role: z.string() }),
  intent: z.literal('human.response'),
  correlation_id: z.string(),
  reply_to: z.string(),
  context: z.looseObject({ hot_cold: z.enum(['hot', 'cold']) }),
  safety: z.object({ player_safe: z.boolean(), spoilers: z.enum(['allowed', 'forbidden']) }),
  payload: z.object({
    type: z.literal('none'),
    data: z.object({
      answer: z.string(),
      choice: z.string().nullable(),
      free_text: z.string().nullable(),
    }),
  }),
});
