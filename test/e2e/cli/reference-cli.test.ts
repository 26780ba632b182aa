import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Clarity reference broker's own test suite (clarity-agent-cli 0.2.0, vendored unchanged in
 * test/fixtures/clarity-agent-cli/, see its README) run with `node --test` against the built
 * `clarity-hitl` through the fixture's dist/clarity-agent.cjs shim. Its four tests of the broker's
 * commands must pass; the rest test commands of the reference's agent-runtime client.
 */
const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/clarity-agent-cli');

const BROKER_TESTS = [
  'serve exposes broker HTTP API',
  'list and cancel operate on local question files',
  'answer writes .answer file',
  'serve requires header token by default and only accepts query token with opt-in',
];

const OUTSIDE = 'outside this project: runtime-agents / runtime-chat / claritycli';
const OTHER_TESTS: Array<[name: string, reason: string]> = [
  [
    'help output is printed from native clarity router',
    `${OUTSIDE} (the reference CLI's own help, listing them)`,
  ],
  ['claritycli help is available', OUTSIDE],
  ['runtime-agents lists entries from runtime registry', OUTSIDE],
  ['runtime-chat attempts stream path and exits cleanly', OUTSIDE],
  ['runtime-chat --resume-latest reuses active run without bootstrap', OUTSIDE],
  ['runtime-chat exits when terminal event is observed', OUTSIDE],
  ['claritycli supports alias targeting and discuss loop', OUTSIDE],
  ['runtime-agents uses CLARITY_RUNTIME_TOKEN when --token is omitted', OUTSIDE],
];

interface TapResult {
  outcome: 'pass' | 'fail' | 'skip';
  /** The YAML block node:test printed after the result (the error, on a failure). */
  details: string;
}

/** Top-level results of node:test's TAP output, by test name. */
function parseTap(tap: string): Map<string, TapResult> {
  const results = new Map<string, TapResult>();
  const lines = tap.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^(not ok|ok) \d+ - (.*?)(?: # (SKIP|TODO)\b.*)?$/.exec(lines[i]!);
    if (!match) continue;
    const details: string[] = [];
    if (lines[i + 1] === '  ---')
      for (i += 2; i < lines.length && lines[i] !== '  ...'; i++) details.push(lines[i]!);
    const outcome = match[3] === 'SKIP' ? 'skip' : match[1] === 'ok' ? 'pass' : 'fail';
    results.set(match[2]!.replace(/\\#/g, '#'), { outcome, details: details.join('\n') });
  }
  return results;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Runs the vendored file in its own directory (it finds dist/clarity-agent.cjs from there), only
 * the broker tests, in an environment of its own: a fresh home and state dir (no running broker's
 * lock or discovery file is found), no CLARITY_HITL_* setting of the caller's.
 */
async function runReferenceTests(home: string): Promise<{ tap: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith('CLARITY_HITL_') && !name.startsWith('NODE_TEST')) env[name] = value;
  Object.assign(env, {
    HOME: home,
    CLARITY_HITL_STATE_DIR: path.join(home, 'state'),
    // No broker is reachable unless the test starts one (port 9 refuses connections).
    CLARITY_HITL_BROKER_URL: 'http://127.0.0.1:9/',
  });
  const pattern = `^(${BROKER_TESTS.map(escapeRegExp).join('|')})$`;
  const child = spawn(
    process.execPath,
    ['--test', '--test-reporter=tap', `--test-name-pattern=${pattern}`, 'tests/cli.test.mjs'],
    { cwd: FIXTURE, env },
  );
  let tap = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (tap += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  await new Promise((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  return { tap, stderr };
}

describe('the reference broker tests (clarity-agent-cli 0.2.0) against the built clarity-hitl', () => {
  let home: string;
  let run: { tap: string; stderr: string };
  let results: Map<string, TapResult>;
  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'hitl-reference-cli-'));
    run = await runReferenceTests(home);
    results = parseTap(run.tap);
  }, 180_000);
  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it('the vendored file holds exactly the tests named here, and only the broker tests ran', async () => {
    const source = await readFile(path.join(FIXTURE, 'tests/cli.test.mjs'), 'utf8');
    const inFile = [...source.matchAll(/^test\("([^"]+)"/gm)].map((m) => m[1]);
    const named = [...BROKER_TESTS, ...OTHER_TESTS.map(([name]) => name)];
    expect(inFile.sort()).toEqual(named.sort());
    // Newer Node leaves tests filtered out of the report; Node 20 reports them as skipped.
    const ran = [...results].filter(([, result]) => result.outcome !== 'skip').map(([n]) => n);
    expect(ran.sort(), `${run.tap}\n${run.stderr}`).toEqual([...BROKER_TESTS].sort());
  });

  for (const name of BROKER_TESTS)
    it(name, () => {
      const result = results.get(name);
      expect(result?.outcome, result?.details ?? `${run.tap}\n${run.stderr}`).toBe('pass');
    });

  for (const [name, reason] of OTHER_TESTS) it.skip(`${name}: ${reason}`, () => {});
});
