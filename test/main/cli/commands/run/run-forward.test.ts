import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDetail, RunSummary } from '@contract/run-schemas';
import { readOperatorSecret } from '../../../../../main/service/operator-secret';
import { until } from '../../../http/helpers';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

/** Reading runs is the operator's: the operator secret of the broker's state dir, as the CLI sends it. */
function asOperator(stateDir: string): RequestInit {
  return { headers: { authorization: `Bearer ${readOperatorSecret(stateDir)}` } };
}

/** A port free right now (the restart test needs the same port twice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function cli(args: string[]): {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli/clarity-hitl.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, CLARITY_HITL_BROKER_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  return { child, out: () => out, exited };
}

/** A fake agent: the spec's JSONL (tokens split over lines, a plain line), then exit code 3. */
const AGENT = `
const out = (e) => console.log(JSON.stringify({ call_id: 'c-1', ...e }));
out({ type: 'start', project: '/path', agent: 'writing_agent', task: '写文章' });
out({ type: 'token', text: '开始' });
out({ type: 'token', text: '收集资料...' });
console.log('a plain log line');
out({ type: 'progress', phase: 'collect', pct: 20 });
out({ type: 'human_in_loop', hil_id: 'HIL-RUN-1', title: '请确认', ui: { type: 'confirm' } });
out({ type: 'artifact', kind: 'file', path: 'upload/references.md', summary: '参考文献列表' });
out({ type: 'result', ok: true, summary: '文章已生成' });
out({ type: 'end', status: 'ok', duration_ms: 1234 });
process.exit(3);
`;

let root: string;
let serve: ReturnType<typeof cli>;
let url: string;
let serveState: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'run-forward-'));
  serveState = path.join(root, 'state');
  serve = cli(['serve', path.join(root, 'hs0'), '--port', '0', '--state-dir', serveState]);
  await until(() => serve.out().includes('Press Ctrl-C'), 60_000, 'serve to start');
  url = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(serve.out())![1]!;
}, 90_000);
afterAll(async () => {
  serve?.child.kill('SIGTERM');
  await serve?.exited;
  await rm(root, { recursive: true, force: true });
});

describe('clarity-hitl run forwards the run to the broker', { timeout: 90_000 }, () => {
  it('every event and text line reaches GET /api/runs/:id, and the exit ends the run', async () => {
    const run = cli(['run', '--broker', url, '--', process.execPath, '-e', AGENT]);
    expect(await run.exited, run.out()).toBe(3);
    expect(run.out()).not.toContain('⚠');

    const { runs } = (await (await fetch(`${url}api/runs`, asOperator(serveState))).json()) as {
      runs: RunSummary[];
    };
    const summary = runs.find((r) => r.command.includes(AGENT))!;
    expect(summary).toMatchObject({
      command: [process.execPath, '-e', AGENT],
      agent: 'writing_agent',
      task: '写文章',
      project: '/path',
      phase: 'collect',
      pct: 20,
      hilIds: ['HIL-RUN-1'],
      result: { ok: true, summary: '文章已生成' },
      status: 'failed',
      exitCode: 3,
      signal: null,
    });
    const detail = (await (
      await fetch(`${url}api/runs/${summary.id}`, asOperator(serveState))
    ).json()) as RunDetail;
    const shown = detail.entries.map((e) =>
      e.kind === 'text'
        ? `text:${e.text}`
        : `${e.event.type}${'text' in e.event ? `:${String(e.event.text)}` : ''}`,
    );
    expect(shown).toEqual([
      'start',
      'token:开始收集资料...',
      'text:a plain log line',
      'progress',
      'human_in_loop',
      'artifact',
      'result',
      'end',
    ]);
    expect(detail.entries.map((e) => e.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('an unreachable broker costs one warning line; the run goes on and keeps its exit code', async () => {
    const run = cli([
      'run',
      '--broker',
      'http://127.0.0.1:9/',
      '--',
      process.execPath,
      '-e',
      'for (let i = 0; i < 120; i++) console.log("line " + i); process.exit(5)',
    ]);
    expect(await run.exited, run.out()).toBe(5);
    expect(run.out()).toContain('line 0\n');
    expect(run.out()).toContain('line 119\n');
    expect(
      run
        .out()
        .match(
          /⚠ no broker is running at http:\/\/127\.0\.0\.1:9\/; this run goes on here, and its output \(up to 10,000 lines\) shows in the Runs view once the broker is back/g,
        ),
    ).toHaveLength(1);
  });

  it('a broker restarted mid-run gets the lines printed while it was down, and the end', async () => {
    const port = await freePort();
    const stateDir = path.join(root, 'restart-state');
    const gate = path.join(root, 'gate');
    const startServe = async () => {
      const s = cli([
        'serve',
        path.join(root, 'hs'),
        '--port',
        String(port),
        '--state-dir',
        stateDir,
      ]);
      await until(() => s.out().includes('Press Ctrl-C'), 60_000, 'serve to start');
      return s;
    };
    let broker = await startServe();
    const base = `http://127.0.0.1:${port}/`;
    // Prints, waits for the test to stop the broker, prints more, waits for it to be back, ends.
    const agent = `
      const { existsSync } = require('node:fs');
      const wait = async (n) => { while (!existsSync(${JSON.stringify(gate)} + n)) await new Promise((r) => setTimeout(r, 20)); };
      (async () => {
        console.log('before the restart');
        await wait('.down');
        console.log('while the broker was down');
        await wait('.up');
        console.log('after it came back');
        process.exit(0);
      })();`;
    const run = cli(['run', '--broker', base, '--', process.execPath, '-e', agent]);
    const runs = async () =>
      (
        (await (await fetch(`${base}api/runs`, asOperator(stateDir))).json()) as {
          runs: RunSummary[];
        }
      ).runs;
    await until(
      async () => (await runs()).some((r) => r.entryCount === 1),
      30_000,
      'the first line in the broker',
    );
    broker.child.kill('SIGTERM');
    await broker.exited;
    await writeFile(`${gate}.down`, '');
    await until(() => run.out().includes('⚠ no broker is running'), 30_000, 'the warning');
    broker = await startServe();
    await writeFile(`${gate}.up`, '');
    expect(await run.exited, run.out()).toBe(0);
    expect(run.out()).toContain('✓ the broker is back');
    const [summary] = await runs();
    expect(summary).toMatchObject({ status: 'succeeded', exitCode: 0 });
    const detail = (await (
      await fetch(`${base}api/runs/${summary!.id}`, asOperator(stateDir))
    ).json()) as RunDetail;
    expect(detail.entries.map((e) => (e.kind === 'text' ? e.text : e.event.type))).toEqual([
      'before the restart',
      'while the broker was down',
      'after it came back',
    ]);
    broker.child.kill('SIGTERM');
    await broker.exited;
  });

  it('SIGTERM to the CLI goes to the agent, and its death by signal ends the run in the broker', async () => {
    const script = 'console.log("working"); setInterval(() => {}, 1000); // run-forward-sigterm';
    const run = cli(['run', '--broker', url, '--', process.execPath, '-e', script]);
    const found = await until(
      async () => {
        const { runs } = (await (await fetch(`${url}api/runs`, asOperator(serveState))).json()) as {
          runs: RunSummary[];
        };
        return runs.find((r) => r.command.includes(script) && r.entryCount === 1);
      },
      60_000,
      'the run with its first line',
    );
    run.child.kill('SIGTERM');
    expect(await run.exited, run.out()).toBe(1);
    expect(run.out()).toContain('■ agent killed by SIGTERM');
    const detail = (await (
      await fetch(`${url}api/runs/${found.id}`, asOperator(serveState))
    ).json()) as RunDetail;
    expect(detail.run).toMatchObject({ status: 'failed', exitCode: null, signal: 'SIGTERM' });
  });
});
