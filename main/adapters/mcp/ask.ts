import { z } from 'zod';
import type { Broker } from '../../broker/broker';
import { InvalidInputError } from '../../broker/errors';
import type { HitlRequest, InputSpec } from '@contract/request';
import { titleFromPrompt } from '../title-from-prompt';

export const MCP_SOURCE = 'mcp' as const;

/** `POST /api/mcp/ask` body: what an `ask_human` tool call becomes. */
export const AskBodySchema = z.object({
  question: z.string().trim().min(1).max(1_000_000),
  title: z.string().trim().min(1).max(500).optional(),
  options: z.array(z.string().trim().min(1)).max(50).optional(),
  multiple: z.boolean().optional(),
  /** Seconds; absent = no limit. */
  timeout_sec: z.number().positive().max(31_536_000).optional(),
  /** The key to open it under, chosen by the MCP server so it knows the handle before any reply. */
  handle: z
    .string()
    .regex(/^mcp-[A-Za-z0-9_-]{1,100}$/, 'must be mcp- followed by letters, digits, - or _')
    .optional(),
  /** The MCP client's name (from its `initialize`), shown as the agent. */
  client: z.string().trim().min(1).max(200).optional(),
});
export type AskBody = z.infer<typeof AskBodySchema>;

/** Opens the request for one `ask_human` call: options → choice (with free-text other), else text. */
export function openAsk(broker: Broker, body: AskBody, now = Date.now()): HitlRequest {
  let input: InputSpec = { kind: 'text' };
  if (body.options?.length) {
    const duplicate = body.options.find((o, i) => body.options!.indexOf(o) !== i);
    if (duplicate)
      throw new InvalidInputError(`invalid ask body: options: duplicate option "${duplicate}"`);
    input = {
      kind: 'choice',
      multiple: body.multiple ?? false,
      options: body.options.map((o) => ({ value: o, label: o })),
    };
  }
  const client = body.client ?? 'mcp client';
  const title = body.title ?? titleFromPrompt(body.question);
  // The ask's reply (or a later wait_for_answer) carries the answer: its sending is reported.
  broker.deliveries.expect(MCP_SOURCE);
  return broker.add({
    source: MCP_SOURCE,
    key: body.handle ?? `mcp-${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    agent: { id: `mcp:${client}`, name: client, runtime: 'mcp' },
    ...(title ? { title } : {}),
    prompt: body.question,
    input,
    createdAt: now,
    ...(body.timeout_sec ? { expiresAt: now + body.timeout_sec * 1000 } : {}),
  });
}
