import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventsRoute } from '../../../../main/http/routes/events-route';
import { hapiRoutes } from '../../../../main/http/routes/hapi';
import { getJson, postJson, startProtocolApp, type ProtocolTestApp } from '../protocol-test-app';

let t: ProtocolTestApp;
beforeEach(async () => {
  t = await startProtocolApp([eventsRoute, hapiRoutes]);
});
afterEach(async () => {
  await t.close();
});

/** The three messages of the spec's example flow. */
const flow = [
  {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: '用户想要查看文件...' },
      { type: 'tool_use', id: 'call_1', name: 'ls', input: { path: './src' } },
    ],
  },
  {
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'index.ts\nutils.ts' }],
  },
  { role: 'assistant', content: [{ type: 'text', text: '目录中包含 index.ts 和 utils.ts。' }] },
];

/** Reads SSE frames from /events until `count` `agent_message` events arrived. */
async function collectAgentMessages(count: number, abort: AbortController) {
  // The inbox's stream (the operator's): it shows the agents' messages.
  const res = await fetch(`${t.url}/events`, { signal: abort.signal, headers: t.operator });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const found: unknown[] = [];
  return {
    ready: Promise.resolve(),
    done: (async () => {
      while (found.length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes('event: agent_message'))
            found.push(
              JSON.parse(
                frame
                  .split('\n')
                  .find((l) => l.startsWith('data: '))!
                  .slice(6),
              ),
            );
        }
      }
      abort.abort();
      return found;
    })(),
  };
}

describe('HAPI agent messages', () => {
  it('accepts the spec flow, lists it, and publishes agent_message events', async () => {
    const abort = new AbortController();
    const sse = await collectAgentMessages(3, abort);
    for (const message of flow) {
      const res = await postJson(`${t.url}/api/agents/claude_code-1a2b3c4d/messages`, message);
      expect(res).toEqual({
        status: 201,
        body: { ok: true, agentId: 'claude_code-1a2b3c4d', accepted: 1 },
      });
    }
    const list = await getJson(`${t.url}/api/agents/claude_code-1a2b3c4d/messages`, t.operator);
    expect(
      list.body.messages.map((m: { role: string; content: unknown }) => ({
        role: m.role,
        content: m.content,
      })),
    ).toEqual(flow);
    expect(list.body.messages.every((m: { at: unknown }) => typeof m.at === 'number')).toBe(true);
    const events = (await sse.done) as Array<{ agentId: string; message: { content: unknown } }>;
    expect(events.map((e) => e.agentId)).toEqual(Array(3).fill('claude_code-1a2b3c4d'));
    expect(events.map((e) => e.message.content)).toEqual(flow.map((m) => m.content));
    expect(
      (await getJson(`${t.url}/api/agents/claude_code-1a2b3c4d/messages?limit=1`, t.operator)).body
        .messages,
    ).toHaveLength(1);
  });

  it('accepts a batch and keeps agents apart', async () => {
    expect((await postJson(`${t.url}/api/agents/a1/messages`, flow)).body.accepted).toBe(3);
    expect((await getJson(`${t.url}/api/agents/a2/messages`, t.operator)).body).toEqual({
      messages: [],
    });
    // Agents post their messages; reading them is the operator's (the inbox).
    const byAgent = await getJson(`${t.url}/api/agents/a1/messages`);
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.error).toBe('operator_required');
  });

  it.each([
    ['unknown role', { role: 'system', content: [] }, 'role'],
    ['content not a list', { role: 'assistant', content: 'hi' }, 'content'],
    [
      'unknown block type',
      { role: 'assistant', content: [{ type: 'image', url: 'x' }] },
      'content.0',
    ],
    [
      'tool_use without id',
      { role: 'assistant', content: [{ type: 'tool_use', name: 'ls' }] },
      'content.0.id',
    ],
    [
      'tool_result without tool_use_id',
      { role: 'user', content: [{ type: 'tool_result', content: 'x' }] },
      'content.0.tool_use_id',
    ],
    ['text without text', { role: 'assistant', content: [{ type: 'text' }] }, 'content.0.text'],
  ])('rejects %s with 400 naming the field', async (_n, body, field) => {
    const res = await postJson(`${t.url}/api/agents/a1/messages`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect((await getJson(`${t.url}/api/agents/a1/messages`, t.operator)).body.messages).toEqual(
      [],
    );
  });

  it('rejects a bad agent id and a bad limit', async () => {
    expect((await postJson(`${t.url}/api/agents/has%20space/messages`, flow[2])).status).toBe(400);
    const surrogate = await getJson(`${t.url}/api/agents/a%ED%A0%80/messages`, t.operator);
    expect(surrogate.status, 'an id that is not valid UTF-8').toBe(400);
    expect(surrogate.body.message).toEqual(expect.any(String));
    expect((await getJson(`${t.url}/api/agents/a1/messages?limit=0`, t.operator)).status).toBe(400);
  });
});
