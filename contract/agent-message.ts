import { z } from 'zod';

/**
 * HAPI agent messages (docs/protocols.md#hapi-agent-messages): an agent's live context, shown
 * beside its pending requests. Pure zod + types, no Node or React import, so the adapter (main),
 * the HTTP routes and the renderer all share it.
 */

export const TextBlockSchema = z.object({ type: z.literal('text'), text: z.string() });
export const ThinkingBlockSchema = z.object({
  type: z.literal('thinking'),
  thinking: z.string(),
  /** The model's signature over the thinking (kept, never shown). */
  signature: z.string().optional(),
});
export const ToolUseBlockSchema = z.object({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.unknown().optional(),
});
export const ToolResultBlockSchema = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  /** The tool's output: plain text, or (as some agents send) a list of text blocks / any JSON. */
  content: z.unknown().optional(),
  is_error: z.boolean().optional(),
});

/** Content the model provider withheld (e.g. redacted thinking): opaque `data`, shown as withheld. */
export const RedactedBlockSchema = z.object({ type: z.literal('redacted'), data: z.string() });

export const ContentBlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  ThinkingBlockSchema,
  ToolUseBlockSchema,
  ToolResultBlockSchema,
  RedactedBlockSchema,
]);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;
export type ToolUseBlock = z.infer<typeof ToolUseBlockSchema>;
export type ToolResultBlock = z.infer<typeof ToolResultBlockSchema>;

export const AgentRoleSchema = z.enum(['user', 'assistant', 'agent']);
export type AgentRole = z.infer<typeof AgentRoleSchema>;

/** The wire shape an agent posts: `AgentMessage { role, content: ContentBlock[] }`. */
export const AgentMessageSchema = z.object({
  role: AgentRoleSchema,
  content: z.array(ContentBlockSchema),
});
export type AgentMessage = z.infer<typeof AgentMessageSchema>;

/** What the broker keeps and the UI shows: the message plus when the broker received it (ms). */
export const AgentMessageViewSchema = AgentMessageSchema.extend({ at: z.number() });
export type AgentMessageView = z.infer<typeof AgentMessageViewSchema>;

/** The `agent_message` SSE/IPC event payload. */
export const AgentMessageEventSchema = z.object({
  agentId: z.string().min(1),
  message: AgentMessageViewSchema,
});
export type AgentMessageEvent = z.infer<typeof AgentMessageEventSchema>;
