import { z } from 'zod';
import { isWellFormed, NOT_WELL_FORMED_MESSAGE } from './well-formed';

/** An agent id, the same rule over HTTP (`/api/agents/:agentId/...`) and IPC. */
export const AgentIdSchema = z
  .string()
  .min(1)
  .max(200)
  .refine(
    (id) => !/[\s/\\]/.test(id) && ![...id].some((c) => c.charCodeAt(0) < 32),
    'must be 1-200 characters without spaces, slashes or control characters',
  )
  .refine(isWellFormed, NOT_WELL_FORMED_MESSAGE);
