import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Broker } from '../../../../../main/broker/broker';
import { createHttpServer, type HttpServer } from '../../../../../main/http/server';
import { postJson, until } from '../../../adapters/protocol-test-app';

let broker: Broker;
let server: HttpServer;
let url: string;
let dir: string;

beforeAll(async () => {
  broker = new Broker();
  server = await createHttpServer({ broker, port: 0, rendererDir: null });
  url = await server.listen();
  dir = await mkdtemp(join(tmpdir(), 'run-cmd-'));
});
afterAll(async () => {
  await server.close();
  broker.close();
  await rm(dir, { recursive: true, force: true });
});

/** A fake agent: prints the spec's JSONL, blocks on a real human_in_loop execute, then finishes. */
const AGENT = `
const url = process.env.CLARITY_HITL_BROKER_URL;
const out = (e) => process.stdout.write(JSON.stringify({ call_id: 'c-1', ...e }) + '\\n');
out({ type: 'start', project: '/path', agent: 'writing_agent', task: '写文章' });
console.log('a plain log line that is not JSON');
process.stdout.write('{"type":"tok');
setTimeout(async () => {
  process.stdout.write('en","text":"开始收集资料..."}\\n');
  out({ type: 'progress', phase: 'collect', pct: 20 });
  const held = fetch(url + 'api/tool/execute', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ task_id: '/path', tool_name: 'human_in_loop', params: { hil_id: 'HIL-001', instruction: '确认参考文献' } }) });
  out({ type: 'human_in_loop', hil_id: 'HIL-001', title: '请确认参考文献', message: '已找到10篇论文，是否继续？', ui: { type: 'confirm' }, timeout_sec: 1800 });
  const reply = await (await held).json();
  out({ type: 'token', text: reply.data.output });
  out({ type: 'artifact', kind: 'file', path: 'upload/references.md', summary: '参考文献列表' });
  out({ type: 'result', ok: true, summary: '文章已生成', artifacts: ['upload/article.md'] });
  out({ type: 'end', status: 'ok', duration_ms: 125430 });
  process.exit(0);
}, 50);
`;

describe('clarity-hitl run', () => {
  it('shows the live view, enriches the HIL request through the broker, returns the agent exit code', async () => {
    const agent = join(dir, 'agent.mjs');
    await writeFile(agent, AGENT);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'main/cli/clarity-hitl.ts',
        'run',
        '--broker',
        url,
        '--',
        process.execPath,
        agent,
      ],
      {
        cwd: process.cwd(),
        env: { ...process.env, CLARITY_HITL_STATE_DIR: '/nonexistent' },
      },
    );
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const exit = new Promise<number | null>((r) => child.on('close', r));
    const request = await until(
      () => {
        const r = broker.findPending('tool-server-lite', 'HIL-001');
        return r?.title ? r : undefined;
      },
      'annotated HIL request',
      30_000,
    );
    expect(request).toMatchObject({
      title: '请确认参考文献',
      prompt: '已找到10篇论文，是否继续？',
      input: { kind: 'confirm' },
    });
    expect((await postJson(`${url}api/hil/complete/HIL-001`, { result: '继续' })).status).toBe(200);
    expect(await exit).toBe(0);
    expect(stdout).toContain(
      '▶ writing_agent: 写文章 (project /path)\na plain log line that is not JSON\n开始收集资料...\n⏳ collect 20%\n',
    );
    expect(stdout).toContain('⏸ [HIL-001] 请确认参考文献: 已找到10篇论文，是否继续？');
    expect(stdout).toContain(
      '人类任务已完成: 继续\n📄 file upload/references.md — 参考文献列表\n✔ 文章已生成\n  • upload/article.md\n■ ok in 125.4 s\n',
    );
    expect(stdout).toMatch(/■ agent exited with code 0 after \d+\.\d s\n$/);
  });

  it('passes on a failing exit code and reports a command that cannot start', async () => {
    const fail = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'main/cli/clarity-hitl.ts',
        'run',
        '--broker',
        url,
        '--',
        process.execPath,
        '-e',
        'console.log("{oops"); process.exit(7)',
      ],
      { cwd: process.cwd() },
    );
    let out = '';
    fail.stdout.on('data', (c: Buffer) => (out += c.toString()));
    expect(await new Promise((r) => fail.on('close', r))).toBe(7);
    expect(out).toContain('{oops\n■ agent exited with code 7');
    const missing = spawn(
      process.execPath,
      ['--import', 'tsx', 'main/cli/clarity-hitl.ts', 'run', '--', join(dir, 'no-such-agent')],
      { cwd: process.cwd() },
    );
    let out2 = '';
    missing.stdout.on('data', (c: Buffer) => (out2 += c.toString()));
    expect(await new Promise((r) => missing.on('close', r))).toBe(1);
    expect(out2).toContain('✖ could not start');
  });
});
