import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerInput } from '@contract/request';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import { envelope } from '../../support/cueme-original/expected';
import { originalCueme, type Finished } from '../../support/cueme-original/run-original';
import { makeTempDir } from '../../support/temp-dir';
import { waitFor } from '../../support/wait-for';

// Our `cueme` (built) and the original 0.1.16 side by side, answered by the same operator action
// on one broker (ours over HTTP, the original through its SQLite mailbox): same output, same code.
let home: { path: string; remove: () => Promise<void> };
let service: BrokerService;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  home = await makeTempDir('cueme-dropin-');
  await mkdir(path.join(home.path, '.cue'));
  await originalCueme(['migrate'], { home: home.path });
  service = await startBrokerService({
    port: 0,
    stateDir: path.join(home.path, 'state'),
    rendererDir: null,
    cuemeDb: path.join(home.path, '.cue', 'cue.db'),
  });
  env = { SHELL: '/bin/bash', CUEME_AGENT_TERMINAL: '', CLARITY_HITL_BROKER_URL: service.url };
});
afterAll(async () => {
  await service.close();
  await home.remove();
});

function ours(args: string[], stdin = ''): Promise<Finished> {
  const child = spawn(process.execPath, ['bin/cueme.js', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, HOME: home.path, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
const original = (args: string[], stdin = '') =>
  originalCueme(args, { home: home.path, stdin, env, cwd: process.cwd() });

type Who = 'original' | 'ours';

/** Runs both; when `answer` is given, answers each one's request (found by its prompt) with it. */
async function both(
  args: (who: Who) => string[],
  stdin: (who: Who) => string = () => '',
  answer?: AnswerInput | 'cancel',
) {
  const runs = (['original', 'ours'] as const).map((who) =>
    (who === 'original' ? original : ours)(args(who), stdin(who)),
  );
  if (answer) {
    for (const who of ['original', 'ours']) {
      const request = await waitFor(
        () => service.broker.pending().find((r) => r.prompt.includes(`(${who})`)),
        `the ${who} cue`,
        10_000,
      );
      if (answer === 'cancel') service.broker.cancel(request.id);
      else service.broker.answer(request.id, answer);
    }
  }
  const [a, b] = await Promise.all(runs);
  return { original: a!, ours: b! };
}

describe('our cueme next to the original 0.1.16', () => {
  let agent: { original: string; ours: string };

  it('join: the same lines, an agent id of the same form', async () => {
    const joined = await both(() => ['join', 'Claude-Code']);
    const ids = { original: '', ours: '' };
    for (const who of ['original', 'ours'] as const) {
      expect(joined[who].code).toBe(0);
      ids[who] = /^agent_id=([a-z]{8,12})$/m.exec(joined[who].stdout)![1]!;
    }
    agent = ids;
    expect(joined.ours.stdout.replace(ids.ours, 'ID')).toBe(
      joined.original.stdout.replace(ids.original, 'ID'),
    );
  });

  const cueCases: Array<[string, unknown, AnswerInput | 'cancel']> = [
    ['text', undefined, { text: 'use main' }],
    ['empty text', undefined, { text: '' }],
    [
      'confirm',
      { type: 'confirm', text: 'Go?', confirm_label: 'Go' },
      { value: { kind: 'confirm', confirmed: true } },
    ],
    [
      'confirm declined',
      { type: 'confirm', text: 'Go?' },
      { value: { kind: 'confirm', confirmed: false } },
    ],
    [
      'choice',
      { type: 'choice', options: ['a', 'b', 'c'], allow_multiple: true },
      { value: { kind: 'choice', selected: ['a', 'c'] } },
    ],
    [
      'form',
      { type: 'form', fields: [{ label: 'Env', options: ['prod', 'dev'] }, { label: 'Why' }] },
      { value: { kind: 'form', values: { Env: 'dev', Why: 'tests' } } },
    ],
    ['cancelled', undefined, 'cancel'],
  ];
  it.each(cueCases)('cue answered with %s prints the same', async (_name, payload, answer) => {
    const result = await both(
      (who) => ['cue', agent[who], '-'],
      (who) => envelope(`Question (${who})`, payload),
      answer,
    );
    expect(result.ours).toEqual(result.original);
    expect(result.ours.code).toBe(0);
  });

  it.each([
    ['without a message', { text: '' }],
    ['with a message', { text: 'carry on' }],
  ] as const)('pause resumed %s prints the same', async (_name, answer) => {
    const result = await both((who) => ['pause', agent[who], `Paused (${who})`], undefined, answer);
    expect(result.ours).toEqual(result.original);
  });

  it.each([
    ['cue, no agent_id', ['cue'], ''],
    ['cue without -', ['cue', 'abcdefgh'], ''],
    ['cue with extra args', ['cue', 'abcdefgh', '-', 'x'], ''],
    ['cue --payload', ['cue', 'abcdefgh', '-', '--payload', '{}'], ''],
    ['cue --prompt', ['cue', 'abcdefgh', '--prompt', 'x'], ''],
    ['cue, empty stdin', ['cue', 'abcdefgh', '-'], ''],
    ['pause -, empty stdin', ['pause', 'abcdefgh', '-'], ''],
    ['cue, legacy JSON', ['cue', 'abcdefgh', '-'], '{"prompt":"x"}'],
    ['cue, no prompt block', ['cue', 'abcdefgh', '-'], '<cueme_payload>\nnull\n</cueme_payload>\n'],
    ['cue, blank prompt', ['cue', 'abcdefgh', '-'], '<cueme_prompt>\n \n</cueme_prompt>\n'],
    ['pause, no agent_id', ['pause'], ''],
    ['join, no runtime', ['join'], ''],
    ['fix, no issue', ['fix'], ''],
    ['fix powershell_utf-8 off Windows', ['fix', 'powershell_utf-8'], ''],
    ['fix, unknown issue', ['fix', 'nope'], ''],
    ['an unknown subcommand', ['frobnicate'], ''],
    ['proto, no agent', ['proto'], ''],
    ['proto apply, no agent', ['proto', 'apply'], ''],
  ])('%s: the same error text and exit code', async (_name, args, stdin) => {
    const result = await both(
      () => args,
      () => stdin,
    );
    expect(result.ours).toEqual(result.original);
  });

  it('proto init, ls, path, apply and rm: the same messages and files', async () => {
    // Each creates ~/.cue/cueme.json the first time: one after the other, from none.
    const config = path.join(home.path, '.cue', 'cueme.json');
    const initOriginal = await original(['proto', 'init']);
    await rm(config);
    expect(await ours(['proto', 'init'])).toEqual(initOriginal);
    expect(initOriginal.stdout).toMatch(/^ok: initialized .*cueme\.json \(auto-detect: /);
    for (const args of [
      ['proto', 'init'],
      ['proto', 'ls'],
      ['proto', 'path', 'kiro'],
    ]) {
      const result = await both(() => args);
      expect(result.ours, args.join(' ')).toEqual(result.original);
    }
    const target = path.join(home.path, '.kiro', 'steering', 'cueme_proto.md');
    expect(await original(['proto', 'apply', 'kiro'])).toEqual({
      code: 0,
      stdout: `ok: applied to ${target}\n`,
      stderr: '',
    });
    expect(await ours(['proto', 'apply', 'kiro'])).toEqual({
      code: 0,
      stdout: `ok: applied to ${target}\n`,
      stderr: '',
    });
    expect(await ours(['proto', 'rm', 'kiro'])).toEqual({
      code: 0,
      stdout: `ok: removed managed block and deleted empty file: ${target}\n`,
      stderr: '',
    });
    expect(await original(['proto', 'rm', 'kiro'])).toEqual({
      code: 0,
      stdout: `ok: file does not exist: ${target}\n`,
      stderr: '',
    });
  });
});
