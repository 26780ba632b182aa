import { afterEach, describe, expect, it } from 'vitest';
import { toolServerLiteRoutes } from '../../../../main/http/routes/tool-server-lite';
import { toolServerLiteTaskRoutes } from '../../../../main/http/routes/tool-server-lite-tasks';
import {
  getJson,
  postJson,
  startProtocolApp,
  until,
  type ProtocolTestApp,
} from '../../adapters/protocol-test-app';

/**
 * What InfiAgent's own client sends and reads (facts from its Oct 2025, Dec 2025 and Mar 2026
 * versions, written here from those facts): one tool-server URL for everything, the workspace's
 * absolute path as `task_id`, percent-encoded whole in the task status URL.
 */
let t: ProtocolTestApp;
afterEach(() => t?.close());

const ws = '/home/user/infiagent/tasks/paper-1';
const start = async (options = {}) => {
  t = await startProtocolApp([toolServerLiteRoutes, toolServerLiteTaskRoutes], options);
};
const holdHil = (hilId: string, instruction = '请确认参考文献') =>
  postJson(`${t.url}/api/tool/execute`, {
    task_id: ws,
    tool_name: 'human_in_loop',
    params: { hil_id: hilId, instruction },
  });
const waiting = (hilId: string) =>
  until(() => t.broker.findPending('tool-server-lite', hilId), `${hilId} waiting`);

describe('Tool Server Lite as InfiAgent’s client expects it', () => {
  it('GET /docs is a small page naming the routes', async () => {
    await start();
    const res = await fetch(`${t.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    for (const route of [
      'POST /api/tool/execute',
      'POST /api/hil/respond/{hil_id}',
      'GET /api/hil/workspace/{task_id}',
      'POST /api/task/create',
    ])
      expect(page).toContain(route);
    expect(page).toContain('--tool-server-upstream');
  });

  it('the task status (task_id percent-encoded whole) is 200, so the client never needs create', async () => {
    await start();
    const res = await getJson(`${t.url}/api/task/${encodeURIComponent(ws)}/status`);
    expect(res).toEqual({
      status: 200,
      body: { success: true, data: { task_id: ws, status: 'active', workspace: ws } },
    });
  });

  it('task create takes ?task_id&task_name (no body) or a JSON body; none is a 400 naming task_id', async () => {
    await start();
    const query = new URLSearchParams({ task_id: ws, task_name: `MLA-V3-${ws}` });
    const res = await fetch(`${t.url}/api/task/create?${query}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { workspace: ws } });
    const body = await postJson(`${t.url}/api/task/create`, { task_id: ws });
    expect(body.body).toMatchObject({ success: true, data: { workspace: ws } });
    const none = await fetch(`${t.url}/api/task/create`, { method: 'POST' });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ success: false, field: 'task_id' });
  });

  it('tool confirmations without an upstream: 404 {success: false, error} naming the flag (InfiAgent denies at once)', async () => {
    await start();
    const res = await postJson(`${t.url}/api/tool-confirmation/create`, {
      confirm_id: 'c1',
      task_id: ws,
      tool_name: 'execute_code',
      arguments: {},
    });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toContain('--tool-server-upstream');
  });

  it('Dec 2025 round trip: workspace lookup (raw or encoded path), respond {response}, the held call completes', async () => {
    await start();
    const held = holdHil('HIL-dec-1');
    await waiting('HIL-dec-1');
    const expected = {
      found: true,
      hil_id: 'HIL-dec-1',
      instruction: '请确认参考文献',
      task_id: ws,
    };
    // The CLI puts the path in as is; the web UI percent-encodes it.
    expect((await getJson(`${t.url}/api/hil/workspace/${ws}`)).body).toEqual(expected);
    expect((await getJson(`${t.url}/api/hil/workspace/${encodeURIComponent(ws)}`)).body).toEqual(
      expected,
    );
    const other = await getJson(`${t.url}/api/hil/workspace/${encodeURIComponent('/elsewhere')}`);
    expect(other).toEqual({ status: 200, body: { found: false } });

    const done = await postJson(`${t.url}/api/hil/respond/HIL-dec-1`, {
      response: '继续，用前5篇',
    });
    expect(done).toEqual({
      status: 200,
      body: { success: true, message: 'HIL task HIL-dec-1 responded with: 继续，用前5篇' },
    });
    expect((await held).body).toEqual({
      success: true,
      data: { status: 'success', output: '人类任务已完成: 继续，用前5篇', error: '' },
    });
    expect((await getJson(`${t.url}/api/hil/workspace/${ws}`)).body).toEqual({ found: false });
  });

  it('respond to an unknown or finished task: 200 {success: false, error} (the web UI shows error)', async () => {
    await start();
    const unknown = await postJson(`${t.url}/api/hil/respond/HIL-nope`, { response: 'x' });
    expect(unknown).toEqual({
      status: 200,
      body: {
        success: false,
        error: 'HIL task not found: HIL-nope',
        message: 'HIL task not found: HIL-nope',
      },
    });
    const held = holdHil('HIL-2');
    await waiting('HIL-2');
    await postJson(`${t.url}/api/hil/respond/HIL-2`, { response: 'first' });
    await held;
    const again = await postJson(`${t.url}/api/hil/respond/HIL-2`, { response: 'second' });
    expect(again.status).toBe(200);
    expect(again.body.success).toBe(false);
    expect(again.body.error).toContain('already completed');
    expect((await getJson(`${t.url}/api/hil/HIL-2`)).body.result).toBe('first');
  });

  it('an empty completion means 完成 (complete and respond), as InfiAgent’s server', async () => {
    await start();
    const a = holdHil('HIL-a');
    await waiting('HIL-a');
    expect((await fetch(`${t.url}/api/hil/complete/HIL-a`, { method: 'POST' })).status).toBe(200);
    expect((await a).body.data.output).toBe('人类任务已完成: 完成');
    const b = holdHil('HIL-b');
    await waiting('HIL-b');
    await postJson(`${t.url}/api/hil/respond/HIL-b`, {});
    expect((await b).body.data.output).toBe('人类任务已完成: 完成');
  });

  it('complete and cancel errors carry a top-level error (what InfiAgent’s CLI prints)', async () => {
    await start();
    const missing = await postJson(`${t.url}/api/hil/complete/HIL-x`, { result: 'ok' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('HIL task HIL-x not found');
    const bad = await postJson(`${t.url}/api/hil/cancel/HIL-x`, { reason: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('reason');
  });

  it('respond is a protocol answer: with --operator-answers-only only the operator may send it', async () => {
    await start({ operatorAnswersOnly: true });
    const held = holdHil('HIL-op');
    await waiting('HIL-op');
    const agent = await postJson(`${t.url}/api/hil/respond/HIL-op`, { response: 'me' });
    expect(agent.status).toBe(403);
    expect(agent.body.error).toBe('operator_required');
    const op = await postJson(
      `${t.url}/api/hil/respond/HIL-op`,
      { response: 'operator' },
      { headers: { 'content-type': 'application/json', ...t.operator } },
    );
    expect(op.body.success).toBe(true);
    expect((await held).body.data.output).toBe('人类任务已完成: operator');
  });
});
