import { describe, expect, it } from 'vitest';
import { parseInboxEvent } from '../../../renderer/src/client/parse-inbox-event';

const request = {
  id: 'r',
  source: 'mcp',
  key: 'k',
  prompt: 'p',
  input: { kind: 'text' },
  createdAt: 1,
  status: 'pending',
};

describe('parseInboxEvent', () => {
  it('maps the SSE names of docs/http-api.md', () => {
    for (const [name, type] of [
      ['new_question', 'added'],
      ['updated', 'updated'],
      ['answered', 'answered'],
      ['cancelled', 'cancelled'],
      ['expired', 'expired'],
    ]) {
      expect(parseInboxEvent(name!, JSON.stringify({ request }), '7')).toMatchObject({
        type,
        seq: 7,
      });
    }
  });
  it('rejects unknown names, bad JSON and records that break the schema', () => {
    expect(parseInboxEvent('mystery', JSON.stringify({ request }))).toBeUndefined();
    expect(parseInboxEvent('answered', '{')).toBeUndefined();
    expect(
      parseInboxEvent('answered', JSON.stringify({ request: { ...request, status: 'weird' } })),
    ).toBeUndefined();
    expect(parseInboxEvent('snapshot', JSON.stringify({ pending: [] }))).toBeUndefined();
    expect(
      parseInboxEvent(
        'agent_message',
        JSON.stringify({ agentId: 'a', message: { role: 'robot', content: [], at: 1 } }),
      ),
    ).toBeUndefined();
  });
  it('a request event without an id has no seq', () => {
    expect(parseInboxEvent('updated', JSON.stringify({ request }))).not.toHaveProperty('seq');
  });
});

describe('snapshot requests and checkRequest', () => {
  it('a snapshot checks what the list reads; the card check catches the rest and fills defaults', async () => {
    const { checkRequest } = await import('../../../renderer/src/client/parse-inbox-event');
    expect(
      parseInboxEvent('snapshot', JSON.stringify({ seq: 1, pending: [{ ...request, key: '' }] })),
    ).toBeUndefined();
    const noInput = { ...request, input: undefined };
    const event = parseInboxEvent('snapshot', JSON.stringify({ seq: 1, pending: [noInput] }));
    expect(event).toMatchObject({ type: 'snapshot', pending: [{ id: 'r' }] });
    const pending = (event as { pending: Parameters<typeof checkRequest>[0][] }).pending;
    expect(checkRequest(pending[0]!)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('input'),
    });
    const form = { ...request, input: { kind: 'form', fields: [{ label: 'Name' }] } };
    expect(checkRequest(form as never)).toMatchObject({
      ok: true,
      request: { input: { fields: [{ label: 'Name', kind: 'text', multiple: false }] } },
    });
  });
  it('uses data already parsed by the stream instead of parsing it again', () => {
    expect(
      parseInboxEvent('snapshot', 'not json', '3', { seq: 3, pending: [request] }),
    ).toMatchObject({ type: 'snapshot', seq: 3 });
  });
});
