import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type CliRun } from '../../../support/cli';
import { waitFor } from '../../../support/wait-for';

// The CLI against a broker it finds by flag or environment only (its own discovery file elsewhere).
describe('clarity-hitl list / answer / cancel on a remote broker', { timeout: 120_000 }, () => {
  let root: string;
  let serve: CliRun;
  let url: string;
  const TOKEN = 'remote-sekrit';
  // The operator's own token on that broker (team mode): what lists its inbox.
  const OPERATOR = 'ops-sekrit';
  // No discovery file to fall back on: the CLI's state dir is empty.
  const env = () => ({ CLARITY_HITL_STATE_DIR: path.join(root, 'cli-state') });

  const post = (pathname: string, body: unknown) =>
    fetch(new URL(pathname, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(body),
    });
  const pending = async () =>
    (
      (await (
        await fetch(new URL('api/requests', url), {
          headers: { authorization: `Bearer ${OPERATOR}` },
        })
      ).json()) as { requests: { key: string }[] }
    ).requests.map((r) => r.key);

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'hitl-remote-cli-'));
    serve = startCli([
      'serve',
      path.join(root, 'hs'),
      '--port',
      '0',
      '--token',
      TOKEN,
      '--operator-token',
      `ops=${OPERATOR}`,
      '--state-dir',
      path.join(root, 'state'),
    ]);
    await serve.waitForStdout(/listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
    url = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(serve.stdout())![1]!;
    // Two HTTP-mode requests held by the broker (no question file anywhere the CLI could read).
    expect((await post('questions', { key: 'deploy', question: 'Deploy to prod?' })).status).toBe(
      200,
    );
    expect((await post('questions', { key: 'wipe', question: 'Wipe the cache?' })).status).toBe(
      200,
    );
    await waitFor(async () => (await pending()).length === 2, 'the two held requests');
  });
  afterAll(async () => {
    serve.child.kill('SIGTERM');
    await serve.exit;
    await rm(root, { recursive: true, force: true });
  });

  it('list --broker --token prints that broker’s pending requests with the operator’s token; without it, or with the agents’ token, it is refused', async () => {
    const listed = await runCli(['list', '--broker', url, '--token', OPERATOR, '--json'], {
      env: env(),
    });
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as { key: string; broker: string }[];
    expect(rows.map((r) => r.key).sort()).toEqual(['deploy', 'wipe']);
    expect(rows[0]!.broker).toBe(url);

    const table = await runCli(['list', '--broker', url, '--token', OPERATOR], { env: env() });
    expect(table.stdout).toContain('Wipe the cache?');

    const refused = await runCli(['list', '--broker', url], { env: env() });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/token|401|unauthori[sz]ed/i);

    // The agents' token is not the operator's: the inbox's list stays closed to it.
    const agent = await runCli(['list', '--broker', url, '--token', TOKEN], { env: env() });
    expect(agent.code).not.toBe(0);
    expect(agent.stderr).toMatch(/operator/);
    expect(agent.stdout).not.toContain('Wipe the cache?');
  });

  it('CLARITY_HITL_BROKER + CLARITY_HITL_TOKEN do the same for list, answer and cancel', async () => {
    const remote = { ...env(), CLARITY_HITL_BROKER: url, CLARITY_HITL_TOKEN: OPERATOR };
    const listed = await runCli(['list', '--json'], { env: remote });
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(2);
    // The other name of the same setting (issue 35: list read only CLARITY_HITL_BROKER).
    const alias = { ...env(), CLARITY_HITL_BROKER_URL: url, CLARITY_HITL_TOKEN: OPERATOR };
    const viaAlias = await runCli(['list', '--json'], { env: alias });
    expect(viaAlias.code, viaAlias.stderr).toBe(0);
    expect((JSON.parse(viaAlias.stdout) as unknown[]).length).toBe(2);

    const emptyDir = path.join(root, 'empty');
    const answered = await runCli(['answer', 'deploy', 'yes', '--dir', emptyDir], { env: remote });
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stdout).toContain(`through the broker at ${url}`);

    const cancelled = await runCli(['cancel', 'wipe', '--dir', emptyDir], { env: remote });
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(await pending()).toEqual([]);
  });

  it('answer / cancel --token on a question file of the directory that broker owns go through it with the token', async () => {
    const hs = path.join(root, 'hs');
    const writeQuestion = async (key: string, question: string) => {
      await writeFile(
        path.join(hs, `${key}.question`),
        JSON.stringify({ key, question, timestamp: Date.now(), pid: process.pid }),
      );
    };
    await writeQuestion('ship', 'Ship 4.2?');
    await writeQuestion('drop', 'Drop the old table?');
    await waitFor(async () => (await pending()).length === 2, 'both question files pending');

    const refused = await runCli(['answer', 'ship', 'yes', '--dir', hs], { env: env() });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/token/);

    const answered = await runCli(['answer', 'ship', 'yes', '--dir', hs, '--token', TOKEN], {
      env: env(),
    });
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stdout).toContain(`Answered ship through the broker at ${url} (it owns ${hs})`);
    await waitFor(
      async () => (await readFile(path.join(hs, 'ship.answer'), 'utf8').catch(() => '')) === 'yes',
      'the answer file written by the broker',
    );

    const cancelled = await runCli(['cancel', 'drop', '--dir', hs, '--token', TOKEN], {
      env: env(),
    });
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(await pending()).toEqual([]);

    // Answered already: its question file goes through the broker, its answer stays (as without one).
    const late = await runCli(['cancel', 'ship', '--dir', hs, '--token', TOKEN], { env: env() });
    expect(late.code, late.stderr).toBe(0);
    expect(late.stdout).toContain(`Cancelled ship through the broker at ${url}`);
    expect(late.stderr).toMatch(/ship was answered already; its answer stays in .*ship\.answer/);
    await expect(readFile(path.join(hs, 'ship.question'), 'utf8')).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(hs, 'ship.answer'), 'utf8')).toBe('yes');
  });
});
