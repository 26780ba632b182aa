import { z } from 'zod';
import { AGENT_ID_PATTERN, RUNTIME_PATTERN } from './agent-registry';
import { CuePayloadSchema } from './payload';

const optionalText = z.string().trim().min(1).max(4096).optional();

/** `POST /api/cueme/join` body. */
export const JoinBodySchema = z.object({
  agent_runtime: z
    .string()
    .regex(RUNTIME_PATTERN, 'must be lowercase letters and _ only (e.g. claude_code)'),
  project_dir: optionalText,
  agent_terminal: optionalText,
});

/** `POST /api/cueme/recall` body. */
export const RecallBodySchema = z.object({ hints: z.string().trim().min(1).max(4096) });

/** `POST /api/cueme/cue` body: one `cue` or `pause`, held until resolved. */
export const CueBodySchema = z.object({
  agent_id: z.string().regex(AGENT_ID_PATTERN, 'must be the agent_id printed by `cueme join`'),
  mode: z.enum(['cue', 'pause']).default('cue'),
  prompt: z.string().max(1_000_000).default(''),
  payload: CuePayloadSchema.nullable().default(null),
  /** Seconds; absent or null = no limit (pause). */
  timeout_sec: z.number().positive().max(31_536_000).nullable().optional(),
  project_dir: optionalText,
  agent_terminal: optionalText,
});
export type CueBody = z.infer<typeof CueBodySchema>;

/** What a held cue answers with; the CLI turns it into stdout text and an exit code. */
export type CueOutcome =
  | { status: 'answered'; text: string }
  | { status: 'cancelled'; reason?: string }
  | { status: 'expired'; timeout_sec?: number };

/** Agent facts as `join` / `recall` return them (also printed by the CLI as `key=value` lines). */
export interface AgentReply {
  agent_id: string;
  project_dir: string;
  agent_terminal: string;
  agent_runtime: string;
  message: string;
}
