import { z } from 'zod';
import {
  AgentMessageSchema,
  ContentBlockSchema,
  type AgentMessage,
  type ContentBlock,
} from '@contract/agent-message';
import { parseOrThrow } from '../../broker/validation';

/**
 * What HAPI's own CLI stores as a session message (hub `messages.content`): a Claude transcript
 * line wrapped as `{role: "agent", content: {type: "output", data}}`, where `data.message` is the
 * model's `{role, content}` (a string or Anthropic content blocks); `summary`, `result` and
 * `error` lines carry text of their own. Unknown fields are ignored.
 */
export const OutputEnvelopeSchema = z.object({
  role: z.literal('agent'),
  content: z.object({
    type: z.literal('output'),
    data: z.looseObject({
      type: z.string().max(200).optional(),
      message: z
        .object({
          role: z.string().max(50).optional(),
          content: z.union([z.string(), z.array(z.unknown())]),
        })
        .optional(),
      summary: z.string().optional(),
      result: z.string().optional(),
      error: z.string().optional(),
    }),
  }),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type OutputEnvelope = z.infer<typeof OutputEnvelopeSchema>;

/** HAPI's user message: `{role: "user", content: {type: "text", text}}` (one block, not a list). */
export const UserTextEnvelopeSchema = z.object({
  role: z.literal('user'),
  content: z.object({ type: z.literal('text'), text: z.string() }),
  meta: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Reads one posted message: a UAP `AgentMessage` (content blocks, `redacted` included), HAPI's
 * `{type: "output"}` envelope, or HAPI's user text. Returns undefined for an envelope with nothing
 * to show (a system or metadata line). Throws InvalidInputError naming the field otherwise.
 */
export function readHapiMessage(raw: unknown, what: string): AgentMessage | undefined {
  const content = (raw as { content?: unknown } | null)?.content;
  const wrapped =
    content !== null && typeof content === 'object' && !Array.isArray(content)
      ? (content as { type?: unknown }).type
      : undefined;
  if (wrapped === 'output') return outputMessage(parseOrThrow(OutputEnvelopeSchema, raw, what));
  if (wrapped === 'text') {
    const user = parseOrThrow(UserTextEnvelopeSchema, raw, what);
    return { role: 'user', content: [{ type: 'text', text: user.content.text }] };
  }
  return parseOrThrow(AgentMessageSchema, raw, what);
}

/** The agent message an output envelope shows; undefined when it shows nothing. */
export function outputMessage(envelope: OutputEnvelope): AgentMessage | undefined {
  const { data } = envelope.content;
  const blocks: ContentBlock[] = [];
  if (data.message) {
    const body = data.message.content;
    if (typeof body === 'string') blocks.push({ type: 'text', text: body });
    else for (const block of body) pushBlock(blocks, block);
  }
  if (data.summary) blocks.push({ type: 'text', text: `Summary: ${data.summary}` });
  if (data.result) blocks.push({ type: 'text', text: data.result });
  if (data.error) blocks.push({ type: 'text', text: `Error: ${data.error}` });
  if (blocks.length === 0) return undefined;
  const role = data.message?.role;
  return { role: role === 'user' || role === 'assistant' ? role : 'agent', content: blocks };
}

/** Keeps a transcript block the inbox can show (Anthropic's `redacted_thinking` as `redacted`). */
function pushBlock(blocks: ContentBlock[], raw: unknown): void {
  const block = raw as { type?: unknown; data?: unknown } | null;
  if (block?.type === 'redacted_thinking' && typeof block.data === 'string') {
    blocks.push({ type: 'redacted', data: block.data });
    return;
  }
  const parsed = ContentBlockSchema.safeParse(raw);
  if (parsed.success) blocks.push(parsed.data);
}
