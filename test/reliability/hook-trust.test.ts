import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../main/service/broker-service';
import { OPERATOR } from '../support/hook-broker';
import { hookEvent } from '../support/hook-fixtures';
import {
  brokerState,
  deadPid,
  helloReply,
  hugeReply,
  nonceOf,
  startSquatter,
  type Squatter,
} from '../support/hook-squatter';
import { proofOf } from '../../main/service/broker-proof';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin', 'clarity-hitl.js');
const BUILT = existsSync(path.join(ROOT, 'out', 'main', 'hook.js'));

/** The built hook as the agent runs it: `node bin/clarity-hitl.js hook <agent>`, event on stdin. */
function runBuiltHook(agent: string, stateDir: string, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [BIN, 'hook', agent], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CLARITY_HITL_STATE_DIR: stateDir,
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.end(JSON.stringify(hookEvent(agent === 'codex' ? 'codex-bash' : 'claude-bash')));
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exit };
}

/** Exit 0, nothing on stdout, one stderr line: the agent asks in its own terminal. */
function expectNoDecision(run: { code: number | null; stdout: string; stderr: string }) {
  expect(run.code).toBe(0);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  return run.stderr.trim();
}

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let stateDir: string;
let squatter: Squatter | undefined;
let service: BrokerService | undefined;
beforeEach(async () => {
  temp = await makeTempDir('hitl-hookrel-');
  stateDir = path.join(temp.path, 'state');
  mkdirSync(stateDir);
});
afterEach(async () => {
  await squatter?.close();
  await service?.close();
  squatter = undefined;
  service = undefined;
  await temp.remove();
});

describe.skipIf(!BUILT)('the built hook trusts only its broker (npm run build first)', () => {
  it('a real broker found through its discovery file: allow and deny end to end', async () => {
    service = await startBrokerService({ port: 0, stateDir, rendererDir: null, token: 'tok' });
    const allow = runBuiltHook('claude-code', stateDir);
    const first = await waitFor(() => service!.broker.pending()[0], 'the request', 30_000);
    service.broker.answer(first.id, { text: 'allow' }, 'ui', OPERATOR);
    const allowed = await allow.exit;
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.stdout).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });

    const deny = runBuiltHook('codex', stateDir);
    const second = await waitFor(() => service!.broker.pending()[0], 'the request', 30_000);
    service.broker.answer(second.id, { text: 'deny: not on main' }, 'ui', OPERATOR);
    const denied = await deny.exit;
    expect(JSON.parse(denied.stdout).hookSpecificOutput.decision).toEqual({
      behavior: 'deny',
      message: 'not on main',
    });
  }, 60_000);

  it('a squatter on the discovered port answering allow: nothing printed, it never gets the event or token', async () => {
    squatter = await startSquatter(() => ({ json: { decision: { behavior: 'allow' } } }));
    brokerState(stateDir, squatter.url, { token: 'agent-token' });
    expectNoDecision(await runBuiltHook('claude-code', stateDir).exit);
    expect(squatter.seen.map((r) => [r.url, r.authorization])).toEqual([
      ['/api/hooks/hello', undefined],
    ]);
  }, 30_000);

  it.each<[string, unknown]>([
    ['{"decision":{}}', {}],
    ['"yes"', 'yes'],
    ['1', 1],
    ['[]', []],
    ['{"behavior":"Deny"}', { behavior: 'Deny' }],
    ['"ask"', 'ask'],
  ])(
    'a key holder replying %s (signed): nothing printed',
    async (_label, decision) => {
      let key = '';
      squatter = await startSquatter((req) =>
        req.url === '/api/hooks/hello'
          ? helloReply(key, req)
          : {
              json: {
                decision,
                proof: proofOf(key, 'decision', nonceOf(req), JSON.stringify(decision)),
              },
            },
      );
      key = brokerState(stateDir, squatter.url);
      expectNoDecision(await runBuiltHook('claude-code', stateDir).exit);
    },
    30_000,
  );

  it('a 200 MB reply: the hook stops reading at 1 MB and prints nothing', async () => {
    let key = '';
    const huge = hugeReply(200);
    squatter = await startSquatter((req) =>
      req.url === '/api/hooks/hello' ? helloReply(key, req) : huge.write,
    );
    key = brokerState(stateDir, squatter.url);
    expect(expectNoDecision(await runBuiltHook('claude-code', stateDir).exit)).toContain(
      'over 1048576 bytes',
    );
    expect(await huge.sent).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it('a stale discovery file (dead pid) and no broker at all: nothing printed, nothing sent', async () => {
    squatter = await startSquatter(() => ({ json: { decision: { behavior: 'allow' } } }));
    brokerState(stateDir, squatter.url, { pid: await deadPid() });
    expectNoDecision(await runBuiltHook('claude-code', stateDir).exit);
    expect(squatter.seen).toEqual([]);
    const empty = path.join(temp.path, 'empty');
    mkdirSync(empty);
    expect(expectNoDecision(await runBuiltHook('claude-code', empty).exit)).toContain(
      'no HITL Broker is running',
    );
  }, 30_000);

  it('an unknown agent name: exit 0 and one stderr line (exit 2 would read as deny)', async () => {
    const line = expectNoDecision(await runBuiltHook('claude', stateDir).exit);
    expect(line).toContain('unknown agent "claude"');
  }, 30_000);
});
