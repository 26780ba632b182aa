import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileRootPolicy } from '../../../../main/adapters/file-pick/file-roots';
import { toolServerLiteRoutes } from '../../../../main/http/routes/tool-server-lite';
import {
  getJson,
  postJson,
  startProtocolApp,
  until,
  type ProtocolTestApp,
} from '../protocol-test-app';

let t: ProtocolTestApp;
/** The agent's workspace, allowed as a file_pick root by the operator's policy. */
let ws: string;
beforeEach(async () => {
  ws = realpathSync(mkdtempSync(join(tmpdir(), 'hitl-ws-')));
  t = await startProtocolApp([toolServerLiteRoutes], {
    fileRoots: new FileRootPolicy({ roots: [ws] }),
  });
});
afterEach(async () => {
  await t.close();
  rmSync(ws, { recursive: true, force: true });
});

/** The spec's curl example body. */
const curlBody = {
  task_id: '/path',
  tool_name: 'human_in_loop',
  params: { hil_id: 'HIL-001', instruction: '请上传数据文件到 upload 目录' },
};

const waiting = (hilId: string) =>
  until(() => t.broker.findPending('tool-server-lite', hilId), `${hilId} waiting`);

describe('Tool Server Lite HIL API', () => {
  it('holds execute until completed, then answers 人类任务已完成: {result}', async () => {
    const held = postJson(`${t.url}/api/tool/execute`, curlBody);
    await waiting('HIL-001');
    const status = await getJson(`${t.url}/api/hil/HIL-001`);
    expect(status.body).toEqual({
      found: true,
      hil_id: 'HIL-001',
      status: 'waiting',
      instruction: '请上传数据文件到 upload 目录',
      task_id: '/path',
    });
    const done = await postJson(`${t.url}/api/hil/complete/HIL-001`, {
      result: '文件已上传至 upload/data.csv',
    });
    expect(done).toEqual({
      status: 200,
      body: { success: true, message: 'HIL task HIL-001 marked as completed' },
    });
    expect(await held).toEqual({
      status: 200,
      body: {
        success: true,
        data: {
          status: 'success',
          output: '人类任务已完成: 文件已上传至 upload/data.csv',
          error: '',
        },
      },
    });
    const after = await getJson(`${t.url}/api/hil/HIL-001`);
    expect(after.body).toMatchObject({
      found: true,
      status: 'completed',
      result: '文件已上传至 upload/data.csv',
    });
  });

  it('runs the Python client flow: background execute, status, complete, join', async () => {
    const held = postJson(`${t.url}/api/tool/execute`, {
      task_id: '/path/to/workspace',
      tool_name: 'human_in_loop',
      params: { hil_id: 'HIL-test-001', instruction: '请上传文件到 upload 目录' },
    });
    await waiting('HIL-test-001');
    expect((await getJson(`${t.url}/api/hil/HIL-test-001`)).body.status).toBe('waiting');
    await postJson(`${t.url}/api/hil/complete/HIL-test-001`, { result: '文件已上传' });
    expect((await held).body.data.output).toBe('人类任务已完成: 文件已上传');
  });

  it('lists tasks in the spec shape', async () => {
    const a = postJson(`${t.url}/api/tool/execute`, {
      ...curlBody,
      params: { hil_id: 'HIL-001', instruction: '请上传文件' },
    });
    await waiting('HIL-001');
    const b = postJson(`${t.url}/api/tool/execute`, {
      task_id: '/path2',
      tool_name: 'human_in_loop',
      params: { hil_id: 'HIL-002', instruction: '请确认结果' },
    });
    await waiting('HIL-002');
    const list = await getJson(`${t.url}/api/hil/tasks`);
    expect(list.body).toEqual({
      total: 2,
      tasks: [
        { hil_id: 'HIL-001', status: 'waiting', instruction: '请上传文件', task_id: '/path' },
        { hil_id: 'HIL-002', status: 'waiting', instruction: '请确认结果', task_id: '/path2' },
      ],
    });
    await postJson(`${t.url}/api/hil/cancel/HIL-001`, {});
    await postJson(`${t.url}/api/hil/cancel/HIL-002`, {});
    await Promise.all([a, b]);
  });

  it("cancel returns the spec message and the held call gets InfiAgent's 用户取消操作: {reason}", async () => {
    const held = postJson(`${t.url}/api/tool/execute`, curlBody);
    await waiting('HIL-001');
    const res = await postJson(`${t.url}/api/hil/cancel/HIL-001`, { reason: '用户不需要此功能' });
    expect(res).toEqual({
      status: 200,
      body: { success: true, message: 'HIL task HIL-001 marked as cancelled' },
    });
    expect((await held).body).toEqual({
      success: true,
      data: { status: 'success', output: '用户取消操作: 用户不需要此功能', error: '' },
    });
    expect((await getJson(`${t.url}/api/hil/HIL-001`)).body.status).toBe('cancelled');
  });

  it("cancel without a body or reason says InfiAgent's default reason 用户取消", async () => {
    const held = postJson(`${t.url}/api/tool/execute`, curlBody);
    await waiting('HIL-001');
    const res = await fetch(`${t.url}/api/hil/cancel/HIL-001`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await held).body.data.output).toBe('用户取消操作: 用户取消');
  });

  it('times out: status timeout and a failure telling the agent to ask again', async () => {
    const held = postJson(`${t.url}/api/tool/execute`, {
      ...curlBody,
      params: { ...curlBody.params, timeout: 0.2 },
    });
    const res = await held;
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.data.status).toBe('error');
    expect(res.body.data.error).toContain('超时');
    expect(res.body.data.error).toContain('ask again');
    // InfiAgent's client shows the top-level `error` (without it: "unknown server error").
    expect(res.body.error).toBe(res.body.data.error);
    expect(res.body.error).toContain('Human task timeout (0.2s)');
    expect((await getJson(`${t.url}/api/hil/HIL-001`)).body.status).toBe('timeout');
  });

  it('completion takes effect once: a second complete is 409 and changes nothing', async () => {
    const held = postJson(`${t.url}/api/tool/execute`, curlBody);
    await waiting('HIL-001');
    await postJson(`${t.url}/api/hil/complete/HIL-001`, { result: 'first' });
    await held;
    const again = await postJson(`${t.url}/api/hil/complete/HIL-001`, { result: 'second' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, status: 'completed' });
    expect(again.body.message).toContain('already completed');
    const cancel = await postJson(`${t.url}/api/hil/cancel/HIL-001`, { reason: 'late' });
    expect(cancel.status).toBe(409);
    expect((await getJson(`${t.url}/api/hil/HIL-001`)).body).toMatchObject({
      status: 'completed',
      result: 'first',
    });
  });

  it('a second execute with a live hil_id is a clear 200 {success: false, error}; others are not blocked', async () => {
    const held = postJson(`${t.url}/api/tool/execute`, curlBody);
    await waiting('HIL-001');
    const dup = await postJson(`${t.url}/api/tool/execute`, curlBody);
    expect(dup.status).toBe(200);
    expect(dup.body.success).toBe(false);
    expect(dup.body.error).toContain('HIL task HIL-001 is already waiting');
    expect(dup.body.data.error).toBe(dup.body.error);
    await postJson(`${t.url}/api/hil/complete/HIL-001`, { result: 'ok' });
    expect((await held).body.success).toBe(true);
    // after completion the same hil_id may be used again
    const again = postJson(`${t.url}/api/tool/execute`, curlBody);
    await waiting('HIL-001');
    await postJson(`${t.url}/api/hil/complete/HIL-001`, { result: 'two' });
    expect((await again).body.data.output).toBe('人类任务已完成: two');
  });

  it('unknown ids: GET found:false, complete/cancel 404', async () => {
    expect((await getJson(`${t.url}/api/hil/HIL-nope`)).body).toMatchObject({
      found: false,
      hil_id: 'HIL-nope',
    });
    const c = await postJson(`${t.url}/api/hil/complete/HIL-nope`, { result: 'x' });
    expect(c.status).toBe(404);
    expect(c.body).toMatchObject({ success: false, message: 'HIL task HIL-nope not found' });
    expect((await postJson(`${t.url}/api/hil/cancel/HIL-nope`, {})).status).toBe(404);
  });

  it('rejects other tools and bad params with a message naming the field', async () => {
    const other = await postJson(`${t.url}/api/tool/execute`, {
      tool_name: 'file_read',
      params: {},
    });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ success: false, data: { status: 'error' } });
    expect(other.body.error).toContain('unsupported tool "file_read"');
    const noId = await postJson(`${t.url}/api/tool/execute`, {
      tool_name: 'human_in_loop',
      params: { instruction: 'x' },
    });
    expect(noId.status).toBe(200);
    expect(noId.body.error).toContain('hil_id');
    const noInstruction = await postJson(`${t.url}/api/tool/execute`, {
      tool_name: 'human_in_loop',
      params: { hil_id: 'H' },
    });
    expect(noInstruction.status).toBe(200);
    expect(noInstruction.body).toMatchObject({ success: false, field: 'instruction' });
    expect(noInstruction.body.error).toContain('instruction');
    const badTimeout = await postJson(`${t.url}/api/tool/execute`, {
      tool_name: 'human_in_loop',
      params: { hil_id: 'H', instruction: 'x', timeout: 'soon' },
    });
    expect(badTimeout.status).toBe(200);
    expect(badTimeout.body.error).toContain('timeout');
    const badComplete = await postJson(`${t.url}/api/hil/complete/H`, { result: 5 });
    expect(badComplete.status).toBe(400);
    expect(badComplete.body.message).toContain('result');
    expect(t.broker.pendingCount).toBe(0);
  });

  it('maps ui types to input kinds (file_pick rooted at task_id)', async () => {
    const cases = [
      [{ type: 'confirm' }, { kind: 'confirm' }],
      [
        { type: 'confirm', text: '删除分支？', danger: true },
        { kind: 'confirm', text: '删除分支？', danger: true },
      ],
      [
        { type: 'text', placeholder: '请输入分支名' },
        { kind: 'text', placeholder: '请输入分支名' },
      ],
      [
        { type: 'file_pick', pattern: '**/*.csv' },
        { kind: 'file', pattern: '**/*.csv', root: ws },
      ],
    ] as const;
    for (const [i, [ui, input]] of cases.entries()) {
      const held = postJson(`${t.url}/api/tool/execute`, {
        task_id: ws,
        tool_name: 'human_in_loop',
        params: { hil_id: `U${i}`, instruction: 'x', ui },
      });
      const request = await waiting(`U${i}`);
      expect(request.input).toEqual(input);
      await postJson(`${t.url}/api/hil/cancel/U${i}`, {});
      await held;
    }
    const relative = await postJson(`${t.url}/api/tool/execute`, {
      task_id: 'rel',
      tool_name: 'human_in_loop',
      params: { hil_id: 'F', instruction: 'x', ui: { type: 'file_pick', pattern: '*' } },
    });
    expect(relative.status).toBe(200);
    expect(relative.body.error).toContain('task_id');
    // Roots the operator did not allow are refused with a clear error to the agent.
    for (const root of ['/etc', '/proc/self', `${ws}/../..`, '/']) {
      const refused = await postJson(`${t.url}/api/tool/execute`, {
        task_id: root,
        tool_name: 'human_in_loop',
        params: { hil_id: 'R', instruction: 'x', ui: { type: 'file_pick', pattern: '*' } },
      });
      expect(refused.status, root).toBe(200);
      expect(refused.body.error, root).toContain(`file_pick root ${root}`);
    }
    expect(t.broker.pending()).toEqual([]);
  });

  it('an operator answer from the inbox completes the held call with its text form', async () => {
    const held = postJson(`${t.url}/api/tool/execute`, {
      ...curlBody,
      params: { ...curlBody.params, ui: { type: 'confirm' } },
    });
    const request = await waiting('HIL-001');
    t.broker.answer(request.id, { value: { kind: 'confirm', confirmed: true } });
    expect((await held).body.data.output).toBe('人类任务已完成: confirmed');
  });

  it('a client that hangs up cancels its task, so it leaves the inbox', async () => {
    const abort = new AbortController();
    const held = postJson(`${t.url}/api/tool/execute`, curlBody, { signal: abort.signal }).catch(
      (e: Error) => e,
    );
    await waiting('HIL-001');
    abort.abort();
    expect(await held).toBeInstanceOf(Error);
    await until(
      () => t.broker.findPending('tool-server-lite', 'HIL-001') === undefined,
      'task cancelled',
    );
    expect((await getJson(`${t.url}/api/hil/HIL-001`)).body.status).toBe('cancelled');
  });

  it('annotations from JSONL events enrich the task, before or after execute', async () => {
    const early = await postJson(`${t.url}/api/hil/annotate/HIL-001`, {
      title: '请确认参考文献',
      message: '已找到10篇论文，是否继续？',
      ui: { type: 'confirm' },
      timeout_sec: 1800,
    });
    expect(early.body).toEqual({ success: true, applied: false, hil_id: 'HIL-001' });
    const held = postJson(`${t.url}/api/tool/execute`, curlBody);
    const r = await until(() => {
      const p = t.broker.findPending('tool-server-lite', 'HIL-001');
      return p?.title ? p : undefined;
    }, 'annotated');
    expect(r).toMatchObject({
      title: '请确认参考文献',
      prompt: '已找到10篇论文，是否继续？',
      input: { kind: 'confirm' },
    });
    expect(r.expiresAt).toBe(r.createdAt + 1_800_000);
    const late = await postJson(`${t.url}/api/hil/annotate/HIL-001`, {
      title: 'Second title',
      ui: { type: 'unknown' },
    });
    expect(late.body.applied).toBe(true);
    expect(t.broker.findPending('tool-server-lite', 'HIL-001')).toMatchObject({
      title: 'Second title',
      input: { kind: 'confirm' },
    });
    expect((await getJson(`${t.url}/api/hil/HIL-001`)).body.instruction).toBe(
      '请上传数据文件到 upload 目录',
    );
    await postJson(`${t.url}/api/hil/complete/HIL-001`, { result: 'yes' });
    await held;
  });

  it('an execute whose hil_id has an unpaired surrogate is refused with 200 {success: false} naming params.hil_id, nothing held', async () => {
    const res = await postJson(`${t.url}/api/tool/execute`, {
      ...curlBody,
      params: { ...curlBody.params, hil_id: 'HIL-\udc00' },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(/hil_id: must be well-formed Unicode/);
    expect(t.broker.pendingCount).toBe(0);
  });
});
