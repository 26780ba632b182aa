import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BrokerInfoSchema } from '@contract/broker-info';
import { routeModules } from '../../../../main/http/routes';
import { makeServer, until, type TestServer } from '../helpers';
import { expectDeclaredReply, recordingCatalog } from './declared-reply';

const NONCE = 'n'.repeat(43);
const catalog = recordingCatalog();
let t: TestServer;
let base: string;

beforeAll(async () => {
  const rendererDir = mkdtempSync(path.join(tmpdir(), 'hitl-replies-'));
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(rendererDir, 'app.js'), 'console.log(1);\n');
  t = await makeServer({ rendererDir, port: 0, routes: [catalog.module, ...routeModules] });
  base = await t.server.listen();
});
afterAll(() => t.server.close());

interface Call {
  body?: unknown;
  /** Send the operator secret (default) or no credential. */
  as?: 'operator' | 'nobody';
  headers?: Record<string, string>;
}

/** A real request to the listening broker. */
function call(method: string, url: string, { body, as = 'operator', headers = {} }: Call = {}) {
  return fetch(new URL(url, base), {
    method,
    redirect: 'manual',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(as === 'operator' ? t.operator : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Makes the request, expects `status`, and checks the reply against the route's declared one. */
async function expectReply(
  status: number,
  method: string,
  pattern: string,
  url: string,
  options?: Call,
) {
  const res = await call(method, url, options);
  expect(res.status, `${method} ${url}`).toBe(status);
  return expectDeclaredReply(catalog.routes(), method, pattern, res);
}

describe('the declared replies are the real ones', () => {
  it('Tool Server Lite: tasks, settling, workspaces, task routes, confirmations, docs', async () => {
    const execute = {
      task_id: '/ws/decl',
      tool_name: 'human_in_loop',
      params: { hil_id: 'HIL-decl', instruction: 'check it' },
    };
    const held = call('POST', '/api/tool/execute', { body: execute, as: 'nobody' });
    await until(() => t.broker.findPending('tool-server-lite', 'HIL-decl'), 5000, 'HIL-decl');
    const get = (status: number, pattern: string, url: string) =>
      expectReply(status, 'GET', pattern, url);
    const post = (status: number, pattern: string, url: string, body: unknown) =>
      expectReply(status, 'POST', pattern, url, { body });
    expect(await get(200, '/api/hil/tasks', '/api/hil/tasks')).toMatchObject({ total: 1 });
    const task = '/api/hil/:hil_id';
    expect(await get(200, task, '/api/hil/HIL-decl')).toMatchObject({ found: true });
    expect(await get(200, task, '/api/hil/nope')).toMatchObject({ found: false });
    const ws = '/api/hil/workspace/*';
    expect(await get(200, ws, '/api/hil/workspace//ws/decl')).toMatchObject({ found: true });
    expect(await get(200, ws, '/api/hil/workspace/none')).toEqual({ found: false });
    const annotate = '/api/hil/annotate/:hil_id';
    await post(200, annotate, '/api/hil/annotate/HIL-decl', { title: 'A title' });
    await post(400, annotate, '/api/hil/annotate/HIL-decl', { title: 5 });
    const complete = '/api/hil/complete/:hil_id';
    await post(200, complete, '/api/hil/complete/HIL-decl', { result: 'ok' });
    const executed = await held;
    expect(executed.status).toBe(200);
    await expectDeclaredReply(catalog.routes(), 'POST', '/api/tool/execute', executed);
    await post(409, complete, '/api/hil/complete/HIL-decl', {});
    await post(404, '/api/hil/cancel/:hil_id', '/api/hil/cancel/nope', {});
    await post(400, '/api/hil/cancel/:hil_id', '/api/hil/cancel/nope', { reason: 5 });
    const respond = '/api/hil/respond/:hil_id';
    expect(await post(200, respond, '/api/hil/respond/nope', {})).toMatchObject({
      success: false,
    });
    await post(400, respond, '/api/hil/respond/nope', { response: 5 });
    await get(200, '/api/task/:task_id/status', '/api/task/ws/status');
    await post(200, '/api/task/create', '/api/task/create?task_id=%2Fws', undefined);
    await post(400, '/api/task/create', '/api/task/create', {});
    await post(404, '/api/tool-confirmation/create', '/api/tool-confirmation/create', {});
    await get(404, '/api/tool-confirmation/:confirm_id', '/api/tool-confirmation/c1');
    expect(await get(200, '/docs', '/docs')).toMatch(/Tool Server Lite API/);
  });

  it('the agents’ protocols: cueme, QuestFoundry, MCP, HAPI, the hook hello', async () => {
    const join = { agent_runtime: 'claude_code', project_dir: '/p' };
    await expectReply(200, 'POST', '/api/cueme/join', '/api/cueme/join', { body: join });
    const recall = { body: { hints: 'claude_code /p' } };
    await expectReply(200, 'POST', '/api/cueme/recall', '/api/cueme/recall', recall);

    const qf = '/api/questfoundry/questions';
    const question = (id: string) => ({
      protocol: 'questfoundry/1.0.0',
      id,
      time: '2025-11-12T09:30:00Z',
      sender: 'SR',
      receiver: 'human',
      intent: 'human.question',
      context: { tu_id: 'TU-20251112-SR01' },
      safety: { player_safe: false, sot: 'hot' },
      payload: { type: 'question', data: { question_text: 'Which one?', options: [] } },
    });
    for (const id of ['msg-decl-1', 'msg-decl-2'])
      await expectReply(202, 'POST', qf, `${qf}?wait=0`, { body: question(id) });
    await expectReply(202, 'GET', `${qf}/:id`, `${qf}/msg-decl-1`);
    t.broker.answer(t.broker.findPending('questfoundry', 'msg-decl-1')!.id, { text: 'this one' });
    await t.broker.cancel(t.broker.findPending('questfoundry', 'msg-decl-2')!.id, { by: 'http' });
    const answered = await expectReply(200, 'GET', `${qf}/:id`, `${qf}/msg-decl-1`);
    expect(answered).toMatchObject({ intent: 'human.response' });
    expect(await expectReply(410, 'GET', `${qf}/:id`, `${qf}/msg-decl-2`)).toMatchObject({
      error: 'cancelled',
    });

    const asked = await call('POST', '/api/mcp/ask?wait=0.05', { body: { question: 'q?' } });
    const { handle } = (await asked.json()) as { handle: string };
    const cancel = '/api/mcp/asks/:handle/cancel';
    await expectReply(200, 'POST', cancel, `/api/mcp/asks/${handle}/cancel`);

    const message = { role: 'agent', content: [{ type: 'text', text: 'hi' }] };
    const messages = '/api/agents/:agentId/messages';
    await expectReply(201, 'POST', messages, '/api/agents/a1/messages', { body: message });
    const hello = { body: { nonce: NONCE }, as: 'nobody' as const };
    await expectReply(200, 'POST', '/api/hooks/hello', '/api/hooks/hello', hello);
    const event = { session_id: 's1', cwd: '/p', hook_event_name: 'Notification', message: 'hi' };
    const informed = await expectReply(200, 'POST', '/api/hooks/:agent', '/api/hooks/claude-code', {
      body: { event, nonce: NONCE },
    });
    expect(informed).toMatchObject({ decision: null });
  });

  it('the operator’s routes and the pages: info, webhooks, login, logout, inbox, files, SSE, this document', async () => {
    await expectReply(200, 'GET', '/api/info', '/api/info');
    await expectReply(200, 'GET', '/api/webhooks/deliveries', '/api/webhooks/deliveries');
    await expectReply(200, 'POST', '/api/logout', '/api/logout');
    await expectReply(401, 'GET', '/login', '/login', { as: 'nobody' }); // the login page
    const link = new URL(
      `login?code=${t.server.context.loginCodes.issue()}`,
      t.server.context.url(),
    );
    await expectReply(303, 'GET', '/login', `${link.pathname}${link.search}`, { as: 'nobody' });
    await expectReply(200, 'GET', '/openapi.json', '/openapi.json');
    await expectReply(200, 'GET', '/', '/'); // the inbox page
    await expectReply(401, 'GET', '/', '/', { as: 'nobody' }); // the login page
    expect(await expectReply(200, 'GET', '/*', '/app.js', { as: 'nobody' })).toBe(
      'console.log(1);\n',
    );

    const stream = new AbortController();
    const res = await fetch(new URL('/events', base), {
      headers: t.operator,
      signal: stream.signal,
    });
    expect(res.status).toBe(200);
    const firstChunk = async (r: Response) => {
      const { value } = await r.body!.getReader().read();
      return new TextDecoder().decode(value);
    };
    await expectDeclaredReply(catalog.routes(), 'GET', '/events', res, firstChunk);
    stream.abort();
  });

  it('fails a reply its declared schema does not describe (a field left out, a wrong type)', async () => {
    const info = (schema: z.ZodType) => [
      { method: 'GET', url: '/api/info', schema: { response: { 200: schema } } },
    ];
    const lying = () => call('GET', '/api/info');
    const leftOut = info(z.object({ version: z.string() }));
    await expect(expectDeclaredReply(leftOut, 'GET', '/api/info', await lying())).rejects.toThrow(
      /every field is declared/,
    );
    const wrongType = info(BrokerInfoSchema.extend({ version: z.number() }));
    await expect(expectDeclaredReply(wrongType, 'GET', '/api/info', await lying())).rejects.toThrow(
      /"expected": "number"/,
    );
    const undeclared = [{ method: 'GET', url: '/api/info', schema: { response: {} } }];
    await expect(
      expectDeclaredReply(undeclared, 'GET', '/api/info', await lying()),
    ).rejects.toThrow(/declares its 200 reply/);
  });
});
