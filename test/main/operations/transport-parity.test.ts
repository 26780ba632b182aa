import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RuleStore } from '../../../main/adapters/coding-agents/rule-store';
import { AgentMessageStore } from '../../../main/adapters/hapi/agent-message-store';
import { RunStore } from '../../../main/adapters/tool-server-lite/run-store';
import { desktopChannels, OURS } from '../desktop/ipc/channel-fixture';
import { makeServer, type TestServer } from '../http/helpers';

let t: TestServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await t?.server.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  t = dir = undefined;
});

/** One broker state behind both transports: the HTTP server's operations are the IPC channels'. */
async function bothTransports() {
  const runs = new RunStore();
  const rules = new RuleStore(null);
  const agentMessages = new AgentMessageStore();
  t = await makeServer({ as: 'operator', runs, rules, agentMessages });
  const { ipc } = await desktopChannels({ operations: t.server.context.operations });
  const server = t;
  return {
    broker: server.broker,
    runs,
    rules,
    agentMessages,
    /** The HTTP reply's JSON (a 2xx is expected). */
    async http(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
      const res = method === 'GET' ? await server.get(url) : await server.post(url, body ?? {});
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    },
    /** The IPC channel's value as the renderer receives it (structured clone ~ JSON). */
    async ipc(channel: string, payload?: unknown): Promise<unknown> {
      const envelope = (await ipc.invoke(channel, payload, OURS)) as {
        ok: boolean;
        value?: unknown;
        error?: unknown;
      };
      expect(envelope, channel).toMatchObject({ ok: true });
      return JSON.parse(JSON.stringify(envelope.value));
    },
    async ipcError(channel: string, payload?: unknown): Promise<unknown> {
      return ((await ipc.invoke(channel, payload, OURS)) as { error?: unknown }).error;
    },
  };
}

/** The shape of a value: its keys all the way down, leaves replaced by their type (arrays by their first item's). */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 1).map(shapeOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  return typeof value;
}

describe('one shape per inbox operation on HTTP and IPC (issue 35)', () => {
  it('reads give the same value on both: pending, history, files, agents, runs, rules, unreadable', async () => {
    const io = await bothTransports();
    dir = await mkdtemp(join(tmpdir(), 'hitl-parity-'));
    await writeFile(join(dir, 'a.txt'), 'a');
    const pick = io.broker.add({
      source: 'clarity-http',
      key: 'pick',
      prompt: 'Which file?',
      input: { kind: 'file', root: dir, pattern: '*.txt' },
      meta: { secret: 'x' },
    });
    const done = io.broker.add({ source: 'clarity-http', key: 'done', prompt: 'Ship it?' });
    io.broker.answer(done.id, { text: 'yes' }, 'cli');
    io.broker.unreadable.report({ id: 'u1', source: 'mcp', origin: 'POST /x', reason: 'bad' });
    for (const text of ['hi', 'bye'])
      io.agentMessages.append('agent-1', { role: 'agent', content: [{ type: 'text', text }] });
    const run = io.runs.start({ command: ['node', 'agent.js'] });
    io.runs.append(run.id, [{ kind: 'text', text: 'hello' }]);
    io.rules.add({ agent: 'codex', tool: 'Bash', project: '/p', commandPrefix: 'cargo build' });

    const pairs: [unknown, unknown][] = [
      [await io.http('GET', '/api/requests'), await io.ipc('inbox:list-pending', {})],
      [await io.http('GET', '/api/history?q=ship'), await io.ipc('inbox:history', { q: 'ship' })],
      [
        await io.http('GET', `/api/requests/${done.id}`),
        await io.ipc('inbox:get', { id: done.id }),
      ],
      [
        await io.http('GET', `/api/requests/${pick.id}/files`),
        await io.ipc('inbox:list-files', { id: pick.id }),
      ],
      [
        await io.http('GET', '/api/agents/agent-1/messages'),
        await io.ipc('inbox:agent-messages', { agentId: 'agent-1' }),
      ],
      [await io.http('GET', '/api/runs'), await io.ipc('runs:list')],
      [await io.http('GET', `/api/runs/${run.id}`), await io.ipc('runs:get', { id: run.id })],
      [await io.http('GET', '/api/rules'), await io.ipc('rules:list')],
      [await io.http('GET', '/api/unreadable'), await io.ipc('unreadable:list')],
      [
        await io.http('GET', '/api/agents/agent-1/messages?limit=1'),
        await io.ipc('inbox:agent-messages', { agentId: 'agent-1', limit: 1 }),
      ],
    ];
    for (const [overHttp, overIpc] of pairs) expect(overIpc).toEqual(overHttp);
    // Not vacuous: every list holds what was put in, and no request carries `meta`.
    expect(pairs.map(([h]) => h)).toMatchObject([
      { requests: [{ id: pick.id }], seq: expect.any(Number), total: 1 },
      { requests: [{ id: done.id }] },
      { request: { id: done.id, status: 'answered' } },
      { files: ['a.txt'], truncated: false },
      { messages: [{ content: [{ text: 'hi' }] }, { content: [{ text: 'bye' }] }] },
      { runs: [{ id: run.id }] },
      { run: { id: run.id }, entries: [{ text: 'hello' }] },
      { rules: [{ commandPrefix: 'cargo build' }] },
      { items: [{ id: 'u1' }], epoch: expect.any(String), revision: 1 },
      { messages: [{ content: [{ text: 'bye' }] }] },
    ]);
    expect(JSON.stringify(pairs)).not.toContain('secret');
  });

  it('changes resolve with the same shape on both: answer, cancel, revoke, dismiss', async () => {
    const io = await bothTransports();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((key) =>
      io.broker.add({ source: 'clarity-http', key, prompt: `${key}?` }),
    );
    const [r1, r2] = ['npm test', 'npm run lint'].map((commandPrefix) =>
      io.rules.add({ agent: 'codex', tool: 'Bash', project: '/p', commandPrefix }),
    );
    for (const id of ['u1', 'u2', 'u3'])
      io.broker.unreadable.report({ id, source: 'mcp', origin: 'POST /x', reason: 'bad' });

    const pairs: [unknown, unknown][] = [
      [
        await io.http('POST', `/api/requests/${a!.id}/answer`, { text: 'yes' }),
        await io.ipc('inbox:answer', { id: b!.id, input: { text: 'yes' } }),
      ],
      [
        await io.http('POST', `/api/requests/${c!.id}/cancel`, { reason: 'later' }),
        await io.ipc('inbox:cancel', { id: d!.id, reason: 'later' }),
      ],
      [
        await io.http('POST', `/api/rules/${r1!.id}/revoke`),
        await io.ipc('rules:revoke', { id: r2!.id }),
      ],
      [
        await io.http('POST', '/api/unreadable/dismiss', { id: 'u1' }),
        await io.ipc('unreadable:dismiss', { id: 'u2' }),
      ],
    ];
    for (const [overHttp, overIpc] of pairs) expect(shapeOf(overIpc)).toEqual(shapeOf(overHttp));
    expect(pairs.map(([, i]) => i)).toMatchObject([
      { request: { id: b!.id, status: 'answered', answer: { text: 'yes' } } },
      { request: { id: d!.id, status: 'cancelled', cancelReason: 'later' } },
      { rule: { id: r2!.id } },
      { items: [{ id: 'u3' }], revision: 5 },
    ]);
  });

  it('an unknown id is the same not_found on both', async () => {
    const io = await bothTransports();
    const res = await t!.post('/api/requests/nope/answer', { text: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    expect(await io.ipcError('inbox:answer', { id: 'nope', input: { text: 'x' } })).toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });
});
