import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../../../main/broker/broker';
import { runAgent } from '../../../../../main/cli/commands/run';
import { createHttpServer, type HttpServer } from '../../../../../main/http/server';
import { startCli } from '../../../../support/cli';
import { getJson, postJson, until } from '../../../adapters/protocol-test-app';

let broker: Broker;
let server: HttpServer;
let url: string;
beforeEach(async () => {
  broker = new Broker();
  server = await createHttpServer({ broker, port: 0, rendererDir: null });
  url = await server.listen();
});
afterEach(async () => {
  await server.close();
  broker.close();
});

/**
 * A stand-in for InfiAgent 3.2 with `--jsonl` (facts from its code, not its code): HIL runs in
 * its own process, so no execute is held; it prints the `human_in_loop` event and reads
 * `{"type":"hil_response","hil_id","response"}` lines on stdin. It reports the line it got and
 * exits, or gives up after its own timeout (`GIVE_UP_MS`).
 */
const agent = (timeoutSec: number | null, giveUpMs = 60_000) => `
const out = (e) => process.stdout.write(JSON.stringify({ call_id: 'c-1', ...e }) + '\\n');
out({ type: 'start', project: '/tmp/ws-infi', agent: 'alpha_agent', task: '写论文' });
out({ type: 'human_in_loop', hil_id: 'HIL-9', title: 'Human-in-Loop', message: '用哪几篇论文？',
  ui: { type: 'text' }, timeout_sec: ${JSON.stringify(timeoutSec)}, resume_hint: '请在前端或 CLI 中直接回复该请求' });
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  const at = buffer.indexOf('\\n');
  if (at === -1) return;
  out({ type: 'result', ok: true, summary: 'got ' + buffer.slice(0, at) });
  process.exit(0);
});
setTimeout(() => { out({ type: 'result', ok: false, summary: 'no answer' }); process.exit(3); }, ${giveUpMs});
`;

function start(script: string) {
  let output = '';
  const exit = runAgent(
    [process.execPath, '-e', script],
    { url, from: 'flag' },
    (text) => (output += text),
    { flushMs: 10 },
    { hil: { graceMs: 50, retryMs: 50 } },
  );
  return { exit, output: () => output };
}

const waiting = () =>
  until(() => broker.findPending('tool-server-lite', 'HIL-9'), 'HIL-9 in the inbox');

describe('clarity-hitl run: in-process HIL (InfiAgent 3.2 --jsonl)', () => {
  it('puts the event in the inbox and writes the answer to the agent’s stdin as hil_response', async () => {
    const run = start(agent(1800));
    const request = await waiting();
    expect(request).toMatchObject({
      title: 'Human-in-Loop',
      prompt: '用哪几篇论文？',
      input: { kind: 'text' },
    });
    expect(request.expiresAt).toBe(request.createdAt + 1_800_000);
    // Answered from any surface: here Tool Server Lite's own completion route.
    const done = await postJson(`${url}api/hil/complete/HIL-9`, { result: '用前5篇' });
    expect(done.body.success).toBe(true);
    expect(await run.exit).toBe(0);
    expect(run.output()).toContain(
      `✔ got ${JSON.stringify({ type: 'hil_response', hil_id: 'HIL-9', response: '用前5篇' })}`,
    );
    expect(run.output()).toContain('✓ [HIL-9] answered in the inbox; sent to the agent');
  });

  it('a cancel in the inbox reaches the agent as 用户取消操作: <reason>', async () => {
    const run = start(agent(null));
    const request = await waiting();
    expect(request.expiresAt).toBeUndefined();
    await broker.cancel(request.id, { reason: '不需要了' });
    expect(await run.exit).toBe(0);
    expect(run.output()).toContain(
      JSON.stringify({ type: 'hil_response', hil_id: 'HIL-9', response: '用户取消操作: 不需要了' }),
    );
  });

  it('a timeout expires the request and sends nothing (the agent’s own timeout ends its wait)', async () => {
    const run = start(agent(0.3, 1_500));
    const request = await waiting();
    await until(() => broker.get(request.id)?.status === 'expired', 'HIL-9 expired');
    expect(await run.exit).toBe(3);
    expect(run.output()).toContain('✖ no answer');
    expect(run.output()).toContain('⏰ [HIL-9]');
    expect((await getJson(`${url}api/hil/HIL-9`)).body.status).toBe('timeout');
  });

  it('an agent that ends first takes its request out of the inbox', async () => {
    const run = start(agent(1800, 300));
    const request = await waiting();
    expect(await run.exit).toBe(3);
    await until(() => broker.get(request.id)?.status === 'cancelled', 'HIL-9 withdrawn');
  });

  it('an event with a held execute behind it (the seed’s flow) is not held twice', async () => {
    const held = postJson(`${url}api/tool/execute`, {
      task_id: '/tmp/ws-infi',
      tool_name: 'human_in_loop',
      params: { hil_id: 'HIL-9', instruction: 'from the execute' },
    });
    const request = await waiting();
    const run = start(agent(1800, 1_500));
    await until(() => broker.get(request.id)?.title === 'Human-in-Loop', 'annotated');
    await postJson(`${url}api/hil/complete/HIL-9`, { result: 'ok' });
    expect((await held).body.data.output).toBe('人类任务已完成: ok');
    // Only the agent's own execute held the task: the run wrote nothing to its stdin.
    expect(await run.exit).toBe(3);
    expect(run.output()).not.toContain('sent to the agent');
    expect(broker.pending()).toEqual([]);
  });

  it('the CLI passes what is typed on to the agent, and exits with it though its own stdin stays open', async () => {
    const echo = `process.stdin.once('data', (d) => { console.log('typed: ' + String(d).trim()); process.exit(0); });`;
    const cli = startCli(['run', '--broker', url, '--', process.execPath, '-e', echo]);
    cli.send('hello agent\n');
    await cli.waitForStdout(/typed: hello agent/);
    expect(await cli.exit).toBe(0);
  });
});
