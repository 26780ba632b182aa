import { describe, expect, it } from 'vitest';
import { parseInboxEvent } from '../../../renderer/src/client/parse-inbox-event';

const request = { id: 'r', source: 'mcp', key: 'k', prompt: 'p', input: { kind: 'text' }, createdAt: 1, status: 'pending' };

describe('parseInboxEvent', () => {
  it('maps the SSE names of docs/http-api.md', () => {
    for (const [name, type] of [['new_question', 'added'], ['updated', 'updated'], ['answered', 'answered'], ['cancelled', 'cancelled'], ['expired', 'expired']]) {
      expect(parseInboxEvent(name!, JSON.stringify({ request }), '7')).toMatchObject({ type, seq: 7 });
    }
  });
  it('rejects unknown names, bad JSON and records that break the schema', () => {
    expect(parseInboxEvent('mystery', JSON.stringify({ request }))).toBeUndefined();
    expect(parseInboxEvent('answered', '{')).toBeUndefined();
    expect(parseInboxEvent('answered', JSON.stringify({ request: { ...request, status: 'weird' } }))).toBeUndefined();
    expect(parseInboxEvent('snapshot', JSON.stringify({ pending: [] }))).toBeUndefined();
    expect(parseInboxEvent('agent_message', JSON.stringify({ agentId: 'a', message: { role: 'robot', content: [], at: 1 } }))).toBeUndefined();
  });
  it('a request event without an id has no seq', () => {
    expect(parseInboxEvent('updated', JSON.stringify({ request }))).not.toHaveProperty('seq');
  });
});
