import { z } from 'zod';

/**
 * The replies of the coding-agent hook routes (hook-wire.ts), for their `response` schemas and the
 * OpenAPI document: what `clarity-hitl hook` reads, each proven with the broker's proof key.
 */

/** `POST /api/hooks/hello`. */
export const HELLO_REPLIES = {
  200: z
    .object({ proof: z.string(), endpoint: z.string() })
    .describe('the proof over the nonce and this end of the connection (`endpoint`)'),
};

const DecisionSchema = z.union([
  z.object({
    behavior: z.literal('allow'),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ behavior: z.literal('deny'), message: z.string().optional() }),
]);

/** `POST /api/hooks/{agent}`. */
export const HOOK_REPLIES = {
  200: z
    .object({
      decision: DecisionSchema.nullable(),
      requestId: z.string().optional(),
      ruleId: z.string().optional(),
      why: z.string().optional(),
      proof: z.string(),
    })
    .describe(
      'the decision (null: none, the agent asks in its terminal), proven over the nonce and the decision',
    ),
};
