import { spawn } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CuemeMailbox } from '../../../main/adapters/cueme-mailbox/cueme-mailbox';
import { hasBuiltinSqlite, startWorker } from '../../../main/adapters/cueme-mailbox/worker-host';
import { Broker } from '../../../main/broker/broker';
import type { AnswerInput, HitlRequest } from '@contract/request';
import {
  answered,
  cueCancelled,
  envelope,
  pauseResumed,
} from '../../support/cueme-original/expected';
import { consoleRespond, originalCueme } from '../../support/cueme-original/run-original';
import { makeTempDir } from '../../support/temp-dir';
import { waitFor } from '../../support/wait-for';

// The broker's Node decides how the worker runs; both ways are tested where both can run.
const modes: Array<'thread' | 'child'> = hasBuiltinSqlite() ? ['child', 'thread'] : ['child'];

describe.each(modes)('the original cueme 0.1.16 served through its SQLite mailbox (%s)', (mode) => {
  let home: { path: string; remove: () => Promise<void> };
  let dbPath: string;
  let broker: Broker;
  let mailbox: CuemeMailbox;
  let warnings: string[];

  beforeEach(async () => {
    home = await makeTempDir('cueme-home-');
    dbPath = path.join(home.path, '.cue', 'cue.db');
    await mkdir(path.dirname(dbPath));
    // 0.1.16's `join` needs the tables a first `migrate` (or `cue`) creates.
    expect((await originalCueme(['migrate'], { home: home.path })).code).toBe(0);
    broker = new Broker();
    warnings = [];
    mailbox = new CuemeMailbox({
      broker,
      dbPath,
      warn: (m) => warnings.push(m),
      start: (db) => startWorker(db, { mode }),
    });
  });
  afterEach(async () => {
    await mailbox.close();
    broker.close();
    await home.remove();
  });

  const cueme = (args: string[], stdin = '') => originalCueme(args, { home: home.path, stdin });
  async function join(): Promise<string> {
    const joined = await cueme(['join', 'claude_code']);
    expect(joined.code).toBe(0);
    return /^agent_id=([a-z]+)$/m.exec(joined.stdout)![1]!;
  }
  const pendingWith = (prompt: string) =>
    waitFor(
      () => broker.pending().find((r) => r.prompt === prompt),
      `"${prompt}" in the inbox`,
      5000,
    );
  async function ask(agent: string, prompt: string, payload?: unknown) {
    const done = cueme(['cue', agent, '-'], envelope(prompt, payload));
    return { done, request: await pendingWith(prompt) };
  }
  const answer = (request: HitlRequest, input: AnswerInput) => broker.answer(request.id, input);

  it('a new cue is in the inbox within a second, with its agent', async () => {
    const agent = await join();
    const { done, request } = await ask(agent, 'Which branch should I use?');
    expect(Date.now() - request.createdAt).toBeLessThan(1000);
    expect(request).toMatchObject({
      source: 'cueme',
      title: 'Which branch should I use?',
      input: { kind: 'text' },
      agent: { id: agent, runtime: 'claude_code', projectDir: expect.any(String) },
    });
    expect(request.expiresAt! - request.createdAt).toBe(600_000);
    answer(request, { text: 'feature/inbox' });
    expect(await done).toEqual({ code: 0, stdout: answered('feature/inbox'), stderr: '' });
  });

  it('confirm, choice and form answers come back as cueme prints them', async () => {
    const agent = await join();
    let asked = await ask(agent, 'Deploy?', {
      type: 'confirm',
      text: 'Deploy to prod?',
      confirm_label: 'Ship it',
    });
    expect(asked.request.input).toMatchObject({ kind: 'confirm', confirmLabel: 'Ship it' });
    answer(asked.request, { value: { kind: 'confirm', confirmed: true } });
    expect((await asked.done).stdout).toBe(answered('Ship it'));

    asked = await ask(agent, 'Deploy now?', { type: 'confirm', text: 'Sure?' });
    answer(asked.request, { value: { kind: 'confirm', confirmed: false } });
    expect(await asked.done).toEqual({ code: 0, stdout: cueCancelled, stderr: '' });

    asked = await ask(agent, 'Which suites?', {
      type: 'choice',
      options: ['unit', 'e2e', 'bench'],
      allow_multiple: true,
    });
    answer(asked.request, { value: { kind: 'choice', selected: ['unit', 'bench'] } });
    expect((await asked.done).stdout).toBe(answered('unit\nbench'));

    asked = await ask(agent, 'Where to?', {
      type: 'form',
      fields: [
        { label: 'Env', options: ['prod', 'staging'] },
        { label: 'Regions', options: ['us', 'eu'], allow_multiple: true },
        { label: 'Note' },
      ],
    });
    answer(asked.request, {
      value: { kind: 'form', values: { Env: 'prod', Regions: ['us', 'eu'], Note: '' } },
    });
    expect((await asked.done).stdout).toBe(answered('Env: prod\nRegions: eu, us'));

    asked = await ask(agent, 'Anything else?');
    broker.cancel(asked.request.id, { reason: 'dismissed' });
    expect((await asked.done).stdout).toBe(cueCancelled);
    expect(warnings).toEqual([]);
  });

  it('pause waits for continue, with or without a message', async () => {
    const agent = await join();
    let done = cueme(['pause', agent]);
    let request = await waitFor(() => broker.pending()[0], 'the pause in the inbox', 5000);
    expect(request).toMatchObject({
      title: 'Paused: continue when ready',
      input: { kind: 'text' },
    });
    expect(request.expiresAt).toBeUndefined();
    answer(request, { text: '' });
    expect(await done).toEqual({ code: 0, stdout: pauseResumed, stderr: '' });

    done = cueme(['pause', agent, 'Waiting for the review']);
    request = await pendingWith('Waiting for the review');
    answer(request, { text: 'Go on with step 3' });
    expect((await done).stdout).toBe(answered('Go on with step 3'));
  });

  it('a cue answered elsewhere leaves the inbox', async () => {
    const agent = await join();
    const { done, request } = await ask(agent, 'Answered in the console?');
    const responded = await consoleRespond(home.path, dbPath, request.key, 'from the console');
    expect(responded).toMatchObject({ code: 0, stderr: '' });
    expect((await done).stdout).toBe(answered('from the console'));
    const gone = await waitFor(
      () => broker.get(request.id)?.status !== 'pending' && broker.get(request.id),
      'the cue to leave',
      5000,
    );
    expect(gone).toMatchObject({ status: 'cancelled', cancelReason: 'answered elsewhere' });
    expect(broker.pending()).toEqual([]);
  });

  it('many cues and two writers at once: every answer arrives, nothing is locked', async () => {
    const agent = await join();
    const prompts = Array.from({ length: 8 }, (_, i) => `Question ${i + 1}`);
    const asked = await Promise.all(prompts.map((p) => ask(agent, p)));
    // Half answered in the inbox, half by the console writing the same file, all at once.
    await Promise.all(
      asked.map(({ request }, i) =>
        i % 2 === 0
          ? Promise.resolve(answer(request, { text: `inbox ${i}` }))
          : consoleRespond(home.path, dbPath, request.key, `console ${i}`).then((r) =>
              expect(r).toMatchObject({ code: 0, stderr: '' }),
            ),
      ),
    );
    const results = await Promise.all(asked.map((a) => a.done));
    results.forEach((result, i) => {
      expect(result).toEqual({
        code: 0,
        stdout: answered(i % 2 === 0 ? `inbox ${i}` : `console ${i}`),
        stderr: '',
      });
    });
    await waitFor(() => broker.pendingCount === 0, 'an empty inbox', 5000);
    expect(warnings.join('\n')).not.toMatch(/locked|busy/i);
    expect(warnings).toEqual([]);
  });
});

describe('clarity-hitl serve serves ~/.cue/cue.db', () => {
  it('a cue of the original cueme is answered over HTTP', async () => {
    const home = await makeTempDir('cueme-serve-');
    await mkdir(path.join(home.path, '.cue'));
    await originalCueme(['migrate'], { home: home.path });
    // The Node that runs npm (Node 20 on this project's machines) runs the broker, as a user would.
    const node = process.env.npm_node_execpath ?? process.execPath;
    const serve = spawn(
      node,
      ['out/main/cli.js', 'serve', '--port', '0', '--state-dir', path.join(home.path, 'state')],
      {
        cwd: process.cwd(),
        env: { ...process.env, HOME: home.path, CLARITY_HITL_DIR: path.join(home.path, 'hs') },
      },
    );
    let out = '';
    serve.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    serve.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    try {
      const url = (await waitFor(() => /listening on (\S+)/.exec(out), 'serve to listen'))[1]!;
      // The inbox's routes are the operator's: the CLI's credential, from the state dir.
      const secret = (
        await readFile(path.join(home.path, 'state', 'operator-secret'), 'utf8')
      ).trim();
      const operator = { authorization: `Bearer ${secret}` };
      const joined = await originalCueme(['join', 'codex'], { home: home.path });
      const agent = /^agent_id=(\S+)$/m.exec(joined.stdout)![1]!;
      const done = originalCueme(['cue', agent, '-'], {
        home: home.path,
        stdin: envelope('Over HTTP?', { type: 'choice', options: ['Yes', 'No'] }),
      });
      const listed = await waitFor(async () => {
        const body = (await (await fetch(`${url}api/requests`, { headers: operator })).json()) as {
          requests: HitlRequest[];
        };
        return body.requests.find((r) => r.prompt === 'Over HTTP?');
      }, 'the cue over HTTP');
      const reply = await fetch(`${url}api/requests/${listed.id}/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...operator },
        body: JSON.stringify({ value: { kind: 'choice', selected: ['Yes'] } }),
      });
      expect(reply.status).toBe(200);
      expect(await done).toEqual({ code: 0, stdout: answered('Yes'), stderr: '' });
      expect(out).not.toMatch(/cueme mailbox/);
    } finally {
      serve.kill('SIGTERM');
      await new Promise((resolve) => serve.once('close', resolve));
      await home.remove();
    }
  });
});
