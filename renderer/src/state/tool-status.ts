import type { AgentMessageView, ContentBlock, ToolResultBlock } from '@contract/agent-message';

export type ToolStatus = 'running' | 'success' | 'error';

/** A block as the context panel shows it: tool_use carries its status and result. */
export type ContextItem =
  | { kind: 'text'; role: string; text: string; at: number; key: string }
  | { kind: 'thinking'; role: string; text: string; at: number; key: string }
  | {
      kind: 'tool';
      role: string;
      id: string;
      name: string;
      input: unknown;
      status: ToolStatus;
      output?: string;
      at: number;
      key: string;
    }
  | {
      kind: 'orphan_result';
      role: string;
      toolUseId: string;
      output: string;
      isError: boolean;
      at: number;
      key: string;
    };

/**
 * Flattens an agent's messages into display items. Each tool_use is Running until a tool_result
 * with its id arrives (Success, or Error when `is_error`); results are shown under their tool_use,
 * and only results whose tool_use is not in the window appear on their own.
 */
export function toContextItems(messages: readonly AgentMessageView[]): ContextItem[] {
  const results = new Map<string, ToolResultBlock>();
  const toolIds = new Set<string>();
  for (const m of messages) {
    for (const b of m.content) {
      if (b.type === 'tool_result') results.set(b.tool_use_id, b);
      if (b.type === 'tool_use') toolIds.add(b.id);
    }
  }
  const items: ContextItem[] = [];
  messages.forEach((m, i) => {
    m.content.forEach((b: ContentBlock, j) => {
      const key = `${i}.${j}`;
      const base = { role: m.role, at: m.at, key };
      if (b.type === 'text') items.push({ ...base, kind: 'text', text: b.text });
      else if (b.type === 'thinking') items.push({ ...base, kind: 'thinking', text: b.thinking });
      else if (b.type === 'redacted') items.push({ ...base, kind: 'thinking', text: '(redacted)' });
      else if (b.type === 'tool_use') {
        const result = results.get(b.id);
        const status: ToolStatus = !result ? 'running' : result.is_error ? 'error' : 'success';
        items.push({
          ...base,
          kind: 'tool',
          id: b.id,
          name: b.name,
          input: b.input,
          status,
          ...(result ? { output: resultText(result.content) } : {}),
        });
      } else if (!toolIds.has(b.tool_use_id)) {
        items.push({
          ...base,
          kind: 'orphan_result',
          toolUseId: b.tool_use_id,
          output: resultText(b.content),
          isError: b.is_error === true,
        });
      }
    });
  });
  return items;
}

/** A tool result's content as text: strings as they are, text blocks joined, anything else as JSON. */
export function resultText(content: unknown): string {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  if (
    Array.isArray(content) &&
    content.every((c) => typeof c === 'object' && c !== null && 'text' in c)
  ) {
    return content.map((c) => String((c as { text: unknown }).text)).join('\n');
  }
  return JSON.stringify(content, null, 2);
}

/** A one-line preview of a tool's input, cut to `max` characters. */
export function previewInput(input: unknown, max = 160): string {
  if (input === undefined) return '';
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
