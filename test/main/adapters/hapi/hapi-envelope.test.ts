import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hapiRoutes } from '../../../../main/http/routes/hapi';
import { outputMessage, OutputEnvelopeSchema } from '../../../../main/adapters/hapi/hapi-envelope';
import { getJson, postJson, startProtocolApp, type ProtocolTestApp } from '../protocol-test-app';

let t: ProtocolTestApp;
beforeEach(async () => {
  t = await startProtocolApp([hapiRoutes]);
});
afterEach(async () => {
  await t.close();
});

/** A Claude transcript line as HAPI's CLI stores it (cli/src/api/apiSession.ts). */
const assistantLine = {
  role: 'agent',
  content: {
    type: 'output',
    data: {
      type: 'assistant',
      uuid: 'u-1',
      message: {
        role: 'assistant',
        model: 'claude-x',
        content: [
          { type: 'thinking', thinking: 'Look first.', signature: 'sig' },
          { type: 'redacted_thinking', data: 'EuYBCkQ' },
          { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls' } },
          { type: 'image', source: { type: 'base64', data: 'AAAA' } },
        ],
      },
    },
  },
  meta: { sentFrom: 'cli' },
};

const messagesOf = async (agent: string) =>
  (await getJson(`${t.url}/api/agents/${agent}/messages`, t.operator)).body.messages.map(
    (m: { role: string; content: unknown }) => ({ role: m.role, content: m.content }),
  );

describe('HAPI message route: redacted blocks and the {type: "output"} envelope', () => {
  it('accepts a UAP redacted block as it is', async () => {
    const message = { role: 'assistant', content: [{ type: 'redacted', data: 'opaque' }] };
    const res = await postJson(`${t.url}/api/agents/s1/messages`, message);
    expect(res).toEqual({ status: 201, body: { ok: true, agentId: 's1', accepted: 1 } });
    expect(await messagesOf('s1')).toEqual([message]);
  });

  it("reads HAPI's output envelope, its user text and a summary; a system line shows nothing", async () => {
    const batch = [
      assistantLine,
      {
        role: 'agent',
        content: {
          type: 'output',
          data: {
            type: 'user',
            message: {
              role: 'user',
              content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.ts' }],
            },
          },
        },
      },
      { role: 'user', content: { type: 'text', text: 'Thanks' }, meta: { sentFrom: 'webapp' } },
      { role: 'agent', content: { type: 'output', data: { type: 'summary', summary: 'Listed' } } },
      { role: 'agent', content: { type: 'output', data: { type: 'system', subtype: 'init' } } },
    ];
    const res = await postJson(`${t.url}/api/agents/s2/messages`, batch);
    expect(res).toEqual({
      status: 201,
      body: { ok: true, agentId: 's2', accepted: 5, ignored: 1 },
    });
    expect(await messagesOf('s2')).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Look first.', signature: 'sig' },
          { type: 'redacted', data: 'EuYBCkQ' },
          { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls' } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.ts' }],
      },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
      { role: 'agent', content: [{ type: 'text', text: 'Summary: Listed' }] },
    ]);
  });

  it('rejects a malformed envelope with 400 naming the field, and stores none of its batch', async () => {
    const bad = { role: 'agent', content: { type: 'output', data: { message: { content: 7 } } } };
    const res = await postJson(`${t.url}/api/agents/s3/messages`, [assistantLine, bad]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('agent messages.1');
    expect(res.body.message).toContain('content.data.message.content');
    expect(await messagesOf('s3')).toEqual([]);
    const wrongRole = await postJson(`${t.url}/api/agents/s3/messages`, {
      ...assistantLine,
      role: 'assistant',
    });
    expect(wrongRole.status).toBe(400);
    expect(wrongRole.body.message).toContain('role');
  });

  it('gives a string message content as one text block, role agent when unnamed', () => {
    const envelope = OutputEnvelopeSchema.parse({
      role: 'agent',
      content: { type: 'output', data: { type: 'result', message: { content: 'Done.' } } },
    });
    expect(outputMessage(envelope)).toEqual({
      role: 'agent',
      content: [{ type: 'text', text: 'Done.' }],
    });
  });
});
