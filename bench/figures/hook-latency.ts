import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBrokerService } from '../../main/service/broker-service';
import { NotAvailableError, type Benchmark } from '../lib/figure';
import { ROOT } from '../../test/support/load/project';
import { median } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';

const RUNS = Number(process.env.BENCH_HOOK_RUNS ?? 21);
const SETTLE_MS = 100;
const BIN = join(ROOT, 'bin', 'clarity-hitl.js');
const EVENT = JSON.stringify({
  session_id: 'bench-session',
  transcript_path: null,
  cwd: '/home/dev/bench-project',
  permission_mode: 'default',
  hook_event_name: 'PermissionRequest',
  tool_name: 'Bash',
  tool_input: { command: 'npm test' },
});

/** Spawns `node <args>` with `stdin`, resolves with ms from spawn to exit and its stdout. */
function timedRun(args: string[], stdin: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ ms: number; stdout: string }>((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env } });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.on('error', reject);
    child.on('close', () => resolve({ ms: performance.now() - t0, stdout }));
    child.stdin.end(stdin);
  });
}

interface Case {
  args: string[];
  stdin: string;
  env: NodeJS.ProcessEnv;
  check?: (out: string) => boolean;
}

/**
 * Medians of `RUNS` spawns of each case, interleaved (one of each per round), so a change in the
 * machine's load during the figure weighs on the baseline and the hook alike.
 */
async function interleavedMedians(cases: Case[]): Promise<number[]> {
  const times: number[][] = cases.map(() => []);
  for (let i = 0; i < RUNS; i += 1) {
    // The order rotates each round, and each spawn starts after a pause, so no case always runs
    // while the in-process broker is still finishing the previous one's work (journal, events).
    for (let j = 0; j < cases.length; j += 1) {
      const k = (i + j) % cases.length;
      const c = cases[k]!;
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const { ms, stdout } = await timedRun(c.args, c.stdin, c.env);
      if (c.check && !c.check(stdout))
        throw new Error(`unexpected hook output: ${JSON.stringify(stdout)}`);
      times[k]!.push(ms);
    }
  }
  return times.map(median);
}

/**
 * `clarity-hitl hook claude-code` as the agent runs it (the built bin): spawn → decision printed
 * with the broker answering at once (a remembered rule decides), and spawn → exit with no broker;
 * both against a bare `node -e 0` spawn in the same run.
 */
export const hookLatency: Benchmark = {
  title: 'hook latency',
  specs: [
    {
      id: 'hook.decided',
      name: 'hook: spawn → decision printed (broker decides at once)',
      unit: 'ms',
      target: { op: '<=', value: 150 },
      baselineLabel: 'bare `node -e 0` spawn',
    },
    {
      id: 'hook.no-broker',
      name: 'hook: spawn → exit with no broker running',
      unit: 'ms',
      target: { op: '<=', value: 150 },
      baselineLabel: 'bare `node -e 0` spawn',
    },
  ],
  async run() {
    if (!existsSync(join(ROOT, 'out', 'main', 'hook.js')))
      throw new NotAvailableError('the CLI is not built (npm run build)');
    return withTempDir('hook-bench', async (dir) => {
      const service = await startBrokerService({
        port: 0,
        stateDir: dir,
        rendererDir: null,
        token: '',
      });
      try {
        service.rules.add({
          agent: 'claude-code',
          tool: 'Bash',
          project: '/home/dev/bench-project',
          commandPrefix: 'npm test',
        });
        const env = { CLARITY_HITL_STATE_DIR: dir };
        const [baseline = NaN, decided = NaN, down = NaN] = await interleavedMedians([
          { args: ['-e', '0'], stdin: '', env: {} },
          {
            args: [BIN, 'hook', 'claude-code'],
            stdin: EVENT,
            env: { ...env, CLARITY_HITL_BROKER_URL: service.url },
            check: (out) => out.includes('"behavior":"allow"'),
          },
          {
            args: [BIN, 'hook', 'claude-code'],
            stdin: EVENT,
            env: { ...env, CLARITY_HITL_BROKER_URL: 'http://127.0.0.1:9/' },
            check: (out) => out === '',
          },
        ]);
        const note = `median of ${RUNS} spawns each, interleaved with the baseline's`;
        return {
          'hook.decided': { value: decided, baseline, note },
          'hook.no-broker': { value: down, baseline, note },
        };
      } finally {
        await service.close();
      }
    });
  },
};
