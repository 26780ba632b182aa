import { z } from 'zod';
import { HilUiSchema } from './schemas';

/**
 * `POST /api/hil/annotate/{hil_id}` body: the display fields of a JSONL `human_in_loop` event.
 * An unknown `ui` type is dropped (the task keeps its input) rather than rejecting the event.
 */
export const HilAnnotationBodySchema = z.object({
  title: z.string().max(1000).optional(),
  message: z.string().max(100_000).optional(),
  ui: HilUiSchema.optional().catch(undefined),
  timeout_sec: z
    .number()
    .positive()
    .nullable()
    .optional()
    .transform((v) => v ?? undefined),
});
