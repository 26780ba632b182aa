import { describe, expect, it } from 'vitest';
import type { AgentMessageView } from '@contract/agent-message';
import { previewInput, resultText, toContextItems } from '../../../renderer/src/state/tool-status';

describe('toContextItems (HAPI)', () => {
  const call: AgentMessageView = {
    role: 'assistant',
    at: 1,
    content: [
      { type: 'thinking', thinking: 'hmm' },
      { type: 'tool_use', id: 'call_1', name: 'ls', input: { path: './src' } },
    ],
  };

  it('a redacted block is shown as withheld thinking, never its data', () => {
    const items = toContextItems([
      { role: 'assistant', at: 1, content: [{ type: 'redacted', data: 'EuYBCkQ' }] },
    ]);
    expect(items).toEqual([
      { kind: 'thinking', role: 'assistant', text: '(redacted)', at: 1, key: '0.0' },
    ]);
  });

  it('a tool_use is running until its result arrives, then success or error', () => {
    expect(toContextItems([call]).map((i) => i.kind === 'tool' && i.status)).toEqual([
      false,
      'running',
    ]);
    const ok: AgentMessageView = {
      role: 'user',
      at: 2,
      content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'index.ts\nutils.ts' }],
    };
    const items = toContextItems([call, ok]);
    expect(items).toHaveLength(2); // the result is shown under its tool_use, not on its own
    expect(items[1]).toMatchObject({
      kind: 'tool',
      name: 'ls',
      status: 'success',
      output: 'index.ts\nutils.ts',
    });
    const bad: AgentMessageView = {
      role: 'user',
      at: 2,
      content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'nope', is_error: true }],
    };
    expect(toContextItems([call, bad])[1]).toMatchObject({ status: 'error' });
  });

  it('a result whose tool_use is outside the window is shown on its own', () => {
    const orphan: AgentMessageView = {
      role: 'user',
      at: 2,
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'gone',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      ],
    };
    expect(toContextItems([orphan])).toMatchObject([
      { kind: 'orphan_result', output: 'a\nb', isError: false },
    ]);
  });

  it('text blocks stay markdown, thinking is its own kind', () => {
    const m: AgentMessageView = {
      role: 'assistant',
      at: 3,
      content: [{ type: 'text', text: '**hi**' }],
    };
    expect(toContextItems([call, m]).map((i) => i.kind)).toEqual(['thinking', 'tool', 'text']);
  });

  it('previews and result text', () => {
    expect(previewInput({ path: 'x' })).toBe('{"path":"x"}');
    expect(previewInput('a'.repeat(300), 10)).toBe('aaaaaaaaa…');
    expect(resultText({ n: 1 })).toBe('{\n  "n": 1\n}');
    expect(resultText(undefined)).toBe('');
  });
});
