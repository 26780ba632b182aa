import { once } from 'node:events';
import { request, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { toolServerLiteRoutes } from '../../../main/http/routes/tool-server-lite';
import { toolServerLiteTaskRoutes } from '../../../main/http/routes/tool-server-lite-tasks';
import { UpstreamUrlSchema, upstreamTarget } from '../../../main/http/upstream-proxy';
import type { HttpServerOptions } from '../../../main/http/server';
import { deadUrl, startFakeToolServer, type FakeToolServer } from '../../support/fake-tool-server';
import {
  getJson,
  postJson,
  startProtocolApp,
  until,
  type ProtocolTestApp,
} from '../adapters/protocol-test-app';

let t: ProtocolTestApp | undefined;
let up: FakeToolServer | undefined;
afterEach(async () => {
  await t?.close();
  await up?.close();
  t = undefined;
  up = undefined;
});

/** The broker with `--tool-server-upstream <upstream>` (plus a path prefix, if given). */
async function broker(upstream: string, options: Partial<HttpServerOptions> = {}) {
  t = await startProtocolApp([toolServerLiteRoutes, toolServerLiteTaskRoutes], {
    toolServerUpstream: new URL(upstream),
    ...options,
  });
  return t;
}

const execute = (tool: string, params: unknown = {}) => ({
  task_id: '/home/user/ws',
  tool_name: tool,
  params,
});

describe('serve --tool-server-upstream: other tools and the task routes go to the real tool server', () => {
  it('forwards a tool call with its exact body bytes and hands back status, headers and body', async () => {
    up = await startFakeToolServer();
    const b = await broker(up.url);
    // Spacing, key order and 1.0 survive: the bytes are the agent's own, not a re-encoding.
    const sent =
      '{ "task_id": "/home/user/ws", "tool_name": "dir_list", "params": {"path": ".", "depth": 1.0} }';
    const res = await fetch(`${b.url}/api/tool/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: sent,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-tool-server')).toBe('fake');
    expect(await res.json()).toEqual({
      success: true,
      data: { status: 'success', output: 'a\nb', error: '' },
    });
    expect(up.calls).toHaveLength(1);
    expect(up.calls[0]).toMatchObject({ method: 'POST', url: '/api/tool/execute', body: sent });
    expect(up.calls[0]!.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it("passes the tool server's own failures through: 200 {success: false}, a 500 with its text", async () => {
    up = await startFakeToolServer();
    const b = await broker(up.url);
    const failed = await postJson(`${b.url}/api/tool/execute`, execute('file_write'));
    expect(failed).toEqual({
      status: 200,
      body: {
        success: false,
        error: 'Permission denied',
        data: { status: 'error', output: '', error: 'Permission denied' },
      },
    });
    const crash = await fetch(`${b.url}/api/tool/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(execute('crash')),
    });
    expect(crash.status).toBe(500);
    expect(await crash.text()).toBe('Internal Server Error');
    const bad = await postJson(`${b.url}/api/tool/execute`, execute('bad'));
    expect(bad).toEqual({ status: 400, body: { detail: 'path is required' } });
    // The upstream's 400 is its own answer, not something the broker could not read.
    expect(b.broker.unreadable.list()).toEqual([]);
  });

  it('keeps human_in_loop: it is held by the broker and never reaches the upstream', async () => {
    up = await startFakeToolServer();
    const b = await broker(up.url);
    const held = postJson(
      `${b.url}/api/tool/execute`,
      execute('human_in_loop', { hil_id: 'H1', instruction: '确认?' }),
    );
    await until(() => b.broker.findPending('tool-server-lite', 'H1'), 'H1 waiting');
    await postJson(`${b.url}/api/hil/complete/H1`, { result: 'ok' });
    expect((await held).body.data.output).toBe('人类任务已完成: ok');
    expect(up.calls).toEqual([]);
  });

  it('streams a slow tool’s reply as it comes, and an agent hanging up aborts the upstream call', async () => {
    up = await startFakeToolServer();
    const b = await broker(up.url);
    const held = up.nextHeld();
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const call = request(`${b.url}/api/tool/execute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      call.on('response', resolve).on('error', reject);
      call.end(JSON.stringify(execute('slow')));
      void held.then(({ res: upRes }) => {
        upRes.writeHead(200, { 'content-type': 'application/json' });
        upRes.write('{"success": true, ');
      });
    });
    expect(res.statusCode).toBe(200);
    const first = await new Promise<Buffer>((resolve) => res.once('data', resolve));
    // The first half arrived while the upstream still works on the rest.
    expect(first.toString()).toBe('{"success": true, ');
    const rest: Buffer[] = [];
    res.on('data', (chunk: Buffer) => rest.push(chunk));
    const ended = once(res, 'end');
    (await held).res.end('"data": {"status": "success", "output": "done", "error": ""}}');
    await ended;
    expect(JSON.parse(first.toString() + Buffer.concat(rest).toString())).toMatchObject({
      data: { output: 'done' },
    });

    const second = up.nextHeld();
    const gone = request(`${b.url}/api/tool/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      agent: false,
    });
    const hungUp = once(gone, 'error');
    gone.end(JSON.stringify(execute('slow')));
    const { aborted } = await second;
    gone.destroy(); // the agent gives up (its own timeout, Ctrl-C)
    await hungUp;
    await aborted; // the broker closed its upstream call
  });

  it('a broker that stops mid-call answers 503 {success: false} at once and drops the upstream call', async () => {
    up = await startFakeToolServer();
    const b = await broker(up.url);
    const next = up.nextHeld();
    const call = postJson(`${b.url}/api/tool/execute`, execute('slow'));
    const { aborted } = await next;
    const closing = b.close();
    t = undefined;
    const res = await call;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.error).toContain('stopping');
    await aborted;
    await closing;
  });

  it('an upstream that is down: the agent gets a clear {success: false, error}', async () => {
    const dead = await deadUrl();
    const b = await broker(dead);
    const res = await postJson(`${b.url}/api/tool/execute`, execute('dir_list'));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toContain(`tool server upstream ${dead} could not be reached`);
    expect(res.body.error).toContain('ECONNREFUSED');
    expect(res.body.data).toEqual({ status: 'error', output: '', error: res.body.error });
    const status = await getJson(`${b.url}/api/task/${encodeURIComponent('/ws')}/status`);
    expect(status.status).toBe(502);
    expect(status.body).toMatchObject({ success: false });
    expect(status.body.error).toContain('could not be reached');
  });

  it('forwards the task routes as sent (encoded path, query) under the upstream’s path prefix', async () => {
    up = await startFakeToolServer();
    const b = await broker(`${up.url}/tools/`);
    const status = await getJson(`${b.url}/api/task/${encodeURIComponent('/home/u/ws')}/status`);
    expect(status).toEqual({ status: 404, body: { detail: 'Task not found' } });
    const create = await fetch(`${b.url}/api/task/create?task_id=%2Fhome%2Fu%2Fws&task_name=MLA`, {
      method: 'POST',
    });
    expect(create.status).toBe(200);
    expect(await create.json()).toEqual({ success: true, from: 'up' });
    expect(up.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /tools/api/task/%2Fhome%2Fu%2Fws/status',
      'POST /tools/api/task/create?task_id=%2Fhome%2Fu%2Fws&task_name=MLA',
    ]);
  });

  it('forwards InfiAgent’s tool confirmations (create, status, respond, workspace) as sent', async () => {
    up = await startFakeToolServer();
    const b = await broker(up.url);
    const ws = encodeURIComponent('/home/u/ws');
    const created = await postJson(`${b.url}/api/tool-confirmation/create`, {
      confirm_id: 'confirm_execute_code_1',
      task_id: '/home/u/ws',
      tool_name: 'execute_code',
      arguments: { code: 'print(1)' },
    });
    expect(created.body).toEqual({
      success: true,
      seen: 'POST /api/tool-confirmation/create',
    });
    await getJson(`${b.url}/api/tool-confirmation/confirm_execute_code_1`);
    await postJson(`${b.url}/api/tool-confirmation/respond/confirm_execute_code_1`, {
      approved: true,
    });
    await getJson(`${b.url}/api/tool-confirmation/workspace/${ws}`);
    expect(up.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/tool-confirmation/create',
      'GET /api/tool-confirmation/confirm_execute_code_1',
      'POST /api/tool-confirmation/respond/confirm_execute_code_1',
      `GET /api/tool-confirmation/workspace/${ws}`,
    ]);
    expect(JSON.parse(up.calls[2]!.body)).toEqual({ approved: true });
  });

  it("never passes the broker's token or cookies on to the upstream", async () => {
    up = await startFakeToolServer();
    const b = await broker(up.url, { token: 'broker-secret' });
    const res = await postJson(`${b.url}/api/tool/execute`, execute('dir_list'), {
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer broker-secret',
        cookie: 'session=abc',
      },
    });
    expect(res.body.success).toBe(true);
    const headers = up.calls[0]!.headers;
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
    expect(JSON.stringify(headers)).not.toContain('broker-secret');
  });

  it('accepts only a plain http(s) base URL', () => {
    expect(UpstreamUrlSchema.safeParse('http://127.0.0.1:8001').success).toBe(true);
    for (const bad of ['ftp://x', 'http://u:p@x', 'http://x/?a=1', 'not a url'])
      expect(UpstreamUrlSchema.safeParse(bad).success, bad).toBe(false);
    expect(upstreamTarget(new URL('http://h:1/p/'), '/api/x?y=%2F').href).toBe(
      'http://h:1/p/api/x?y=%2F',
    );
  });
});
