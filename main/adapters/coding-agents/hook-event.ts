import path from 'node:path';
import { z } from 'zod';
import { DECISION_EVENTS, HOOK_AGENTS, NONCE_PATTERN } from './hook-wire';

export { DECISION_EVENTS, HOOK_AGENTS, type HookAgent, type HookReply } from './hook-wire';
export const HookAgentSchema = z.enum(HOOK_AGENTS);

/**
 * The JSON both agents write to a command hook's stdin (Claude Code hooks reference; Codex's
 * published `*.command.input.schema.json`): the common fields, then the event's own. Unknown
 * fields are kept (both agents add fields over time).
 */
export const HookEventSchema = z.looseObject({
  session_id: z.string().min(1).max(500),
  transcript_path: z.string().max(5000).nullish(),
  /** Absolute: a relative one would be read against the broker's own directory. */
  cwd: z
    .string()
    .min(1)
    .max(5000)
    .refine((cwd) => path.isAbsolute(cwd), {
      message: 'must be an absolute path (the agent sends its working directory)',
    }),
  hook_event_name: z.string().min(1).max(100),
  permission_mode: z.string().max(100).optional(),
  model: z.string().max(200).optional(),
  turn_id: z.string().max(500).optional(),
  tool_name: z.string().min(1).max(500).optional(),
  tool_input: z.record(z.string(), z.unknown()).optional(),
  tool_use_id: z.string().max(500).optional(),
  permission_suggestions: z.array(z.unknown()).optional(),
  /** Notification events. */
  message: z.string().max(100_000).optional(),
  title: z.string().max(1000).optional(),
  notification_type: z.string().max(100).optional(),
});
export type HookEvent = z.infer<typeof HookEventSchema>;

/** A decision event has a tool and its input. */
export const DecisionEventSchema = HookEventSchema.extend({
  hook_event_name: z.enum(DECISION_EVENTS),
  tool_name: z.string().min(1).max(500),
  tool_input: z.record(z.string(), z.unknown()),
});
export type DecisionEvent = z.infer<typeof DecisionEventSchema>;

const NonceSchema = z
  .string()
  .regex(NONCE_PATTERN, 'must be 22 to 128 base64url characters (a fresh random value)');

/** What the hook command posts to `POST /api/hooks/hello` (see hook-wire.ts HOOK_HELLO_PATH). */
export const HookHelloSchema = z.object({ nonce: NonceSchema });

/** What the hook command posts to `POST /api/hooks/{agent}`. */
export const HookPostSchema = z.object({
  event: HookEventSchema,
  /** How long the hook waits for the operator; the request expires in the inbox then. */
  timeoutSeconds: z.number().positive().max(86_400).optional(),
  /** A fresh random value the reply's proof covers (a replayed or forged reply cannot match). */
  nonce: NonceSchema,
});
export type HookPost = z.infer<typeof HookPostSchema>;
