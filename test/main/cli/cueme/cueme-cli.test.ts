import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import type { HitlRequest } from '@contract/request';
import { createHttpServer, type HttpServer } from '../../../../main/http/server';
import { postJson, until } from '../../adapters/protocol-test-app';
import { answered, cueCancelled, pauseResumed } from '../../../support/cueme-original/expected';
import { runCli } from './run-cueme';

const ENTRY = 'main/cli/cueme.ts';
let broker: Broker;
let server: HttpServer;
let url: string;
let env: NodeJS.ProcessEnv;
/** The inbox answers as the operator (the operator secret, as the CLI sends it). */
let asOperator: RequestInit;

beforeAll(async () => {
  broker = new Broker();
  server = await createHttpServer({ broker, port: 0, rendererDir: null });
  url = await server.listen();
  asOperator = {
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${server.context.operatorSecret}`,
    },
  };
  env = { CLARITY_HITL_BROKER_URL: url, SHELL: '/bin/zsh', CUEME_AGENT_TERMINAL: '' };
});
afterAll(async () => {
  await server.close();
  broker.close();
});

const envelope = (prompt: string, payload?: unknown) =>
  `<cueme_prompt>\n${prompt}\n</cueme_prompt>\n` +
  (payload === undefined ? '' : `<cueme_payload>\n${JSON.stringify(payload)}\n</cueme_payload>\n`);

/** Starts `cueme cue`, waits for its request, answers it over the broker API, returns the CLI result. */
async function cueAndAnswer(
  agentId: string,
  stdin: string,
  answer: (r: HitlRequest) => unknown,
  args: string[] = [],
) {
  const run = runCli(ENTRY, ['cue', agentId, '-', ...args], { stdin, env });
  const request = await until(
    () => broker.pending().find((r) => r.agent?.id === agentId),
    `cue of ${agentId}`,
    20_000,
  );
  const body = answer(request);
  const res = await postJson(`${url}api/requests/${request.id}/answer`, body, asOperator);
  expect(res.status).toBe(200);
  return { request, result: await run.done };
}

describe('cueme CLI against a running broker', () => {
  it('join prints the four facts and how to cue, as the original; recall finds the agent again', async () => {
    const joined = await runCli(ENTRY, ['join', 'Claude-Code'], { env, cwd: process.cwd() }).done;
    expect(joined.code).toBe(0);
    const id = /^agent_id=([a-z]{8,12})$/m.exec(joined.stdout)?.[1];
    expect(id).toBeDefined();
    expect(joined.stdout).toMatch(
      new RegExp(
        `^agent_id=${id}\\nproject_dir=${process.cwd()}\\nagent_terminal=zsh\\nagent_runtime=claude_code\\n\\nUse this agent_id when calling: cueme cue <agent_id> -\\n`,
      ),
    );
    expect(joined.stdout).toContain(
      'Remember this agent_id (but do NOT store it in any memory module).',
    );
    const recalled = await runCli(ENTRY, ['recall', 'claude_code', 'main'], { env }).done;
    expect(recalled.code).toBe(0);
    expect(recalled.stdout).toContain(`agent_id=${id}`);
    const missing = await runCli(ENTRY, ['recall', 'nothing-like-this'], { env }).done;
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no agent matches');
  });

  it('join without a runtime, or one that is more than letters and _, is exit 2', async () => {
    const missing = await runCli(ENTRY, ['join'], { env }).done;
    expect(missing).toEqual({ code: 2, stdout: '', stderr: 'error: missing <agent_runtime>\n' });
    const bad = await runCli(ENTRY, ['join', 'gpt/4'], { env }).done;
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('lowercase');
  });

  it('cue without payload: the answer printed as the original prints it; grouped under its agent', async () => {
    const { request, result } = await cueAndAnswer(
      'cursor-00000001',
      envelope('Which branch?'),
      () => ({ text: 'main, please' }),
    );
    expect(request).toMatchObject({
      source: 'cueme',
      prompt: 'Which branch?',
      input: { kind: 'text' },
    });
    expect(request.agent).toEqual({
      id: 'cursor-00000001',
      runtime: 'cursor',
      projectDir: process.cwd(),
      terminal: 'zsh',
    });
    expect(result).toEqual({ code: 0, stdout: answered('main, please'), stderr: '' });
  });

  it('choice payload → choice input; the picked options come back one per line', async () => {
    const { request, result } = await cueAndAnswer(
      'codex-00000002',
      envelope('Next step?', {
        type: 'choice',
        options: ['Continue', 'Stop', 'Retry'],
        allow_multiple: true,
      }),
      () => ({ value: { kind: 'choice', selected: ['Continue', 'Retry'], other: 'but slowly' } }),
    );
    expect(request.input).toEqual({
      kind: 'choice',
      multiple: true,
      options: [
        { value: 'Continue', label: 'Continue' },
        { value: 'Stop', label: 'Stop' },
        { value: 'Retry', label: 'Retry' },
      ],
    });
    expect(result).toMatchObject({ code: 0, stdout: answered('Continue\nRetry\nbut slowly') });
  });

  it('confirm payload → confirm input; declining is "did not continue", as the console cancel', async () => {
    const { request, result } = await cueAndAnswer(
      'kiro-00000003',
      envelope('Deploy?', {
        type: 'confirm',
        text: 'Continue?',
        confirm_label: 'Ship',
        cancel_label: 'Hold',
      }),
      () => ({ value: { kind: 'confirm', confirmed: false, note: 'not on Friday' } }),
    );
    expect(request.input).toEqual({
      kind: 'confirm',
      text: 'Continue?',
      confirmLabel: 'Ship',
      cancelLabel: 'Hold',
    });
    expect(result).toEqual({ code: 0, stdout: cueCancelled, stderr: '' });
  });

  it('form payload → form input; one Label: value line per field', async () => {
    const { request, result } = await cueAndAnswer(
      'windsurf-00000004',
      envelope('Release', {
        type: 'form',
        fields: [
          { label: 'Env', options: ['prod', 'staging'] },
          { label: 'Note', kind: 'text' },
          { label: 'Regions', options: ['eu', 'us'], allow_multiple: true },
        ],
      }),
      () => ({
        value: { kind: 'form', values: { Env: 'staging', Note: 'go', Regions: ['eu', 'us'] } },
      }),
    );
    expect(request.input).toEqual({
      kind: 'form',
      fields: [
        { label: 'Env', kind: 'select', options: ['prod', 'staging'], multiple: false },
        { label: 'Note', kind: 'text', multiple: false },
        { label: 'Regions', kind: 'select', options: ['eu', 'us'], multiple: true },
      ],
    });
    expect(result).toMatchObject({
      code: 0,
      stdout: answered('Env: staging\nNote: go\nRegions: eu, us'),
    });
  });

  it('times out (--timeout, our addition) with exit 0 and the original timeout text', async () => {
    const result = await runCli(ENTRY, ['cue', 'opencode-00000005', '-', '--timeout', '0.5'], {
      stdin: envelope('Quick?'),
      env,
    }).done;
    expect(result).toEqual({
      code: 0,
      stdout:
        'Timed out waiting for user response. You MUST NOT continue or add any extra output. Immediately call pause(agent_id) and stop output until resumed.\n\n\n',
      stderr: '',
    });
  });

  it('a cancel exits 0 and tells the agent to pause, as the original', async () => {
    const run = runCli(ENTRY, ['cue', 'terminal-00000006', '-'], {
      stdin: envelope('Cancel me'),
      env,
    });
    const request = await until(
      () => broker.pending().find((r) => r.agent?.id === 'terminal-00000006'),
      'cue',
      20_000,
    );
    expect(
      (
        await postJson(
          `${url}api/requests/${request.id}/cancel`,
          { reason: 'wrong project' },
          asOperator,
        )
      ).status,
    ).toBe(200);
    expect(await run.done).toEqual({ code: 0, stdout: cueCancelled, stderr: '' });
  });

  it('pause with an inline prompt waits without a limit; an empty reply is "resumed"', async () => {
    const run = runCli(ENTRY, ['pause', 'vscode-00000007', 'Review the diff, then continue'], {
      env,
    });
    const request = await until(
      () => broker.pending().find((r) => r.agent?.id === 'vscode-00000007'),
      'pause',
      20_000,
    );
    expect(request.expiresAt).toBeUndefined();
    expect(request.prompt).toBe('Review the diff, then continue');
    await postJson(`${url}api/requests/${request.id}/answer`, { text: '' }, asOperator);
    expect(await run.done).toEqual({ code: 0, stdout: pauseResumed, stderr: '' });
  });

  it('pause - reads a prompt-only envelope; a payload there is exit 2', async () => {
    const bad = await runCli(ENTRY, ['pause', 'vscode-00000008', '-'], {
      stdin: envelope('x', null),
      env,
    }).done;
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: line 4: pause takes only a <cueme_prompt> block\n');
  });

  it.each([
    ['legacy JSON envelope', '{"prompt":"hi"}', 'legacy JSON envelope'],
    ['empty prompt', envelope(' '), '<cueme_prompt> content must be non-empty'],
    ['text outside blocks', `hi\n${envelope('x')}`, 'only whitespace'],
    ['bad payload type', envelope('x', { type: 'slider' }), 'type must be'],
  ])(
    'rejects a malformed envelope (%s) with exit 2 and one stderr line',
    async (_n, stdin, reason) => {
      const result = await runCli(ENTRY, ['cue', 'cursor-00000009', '-'], { stdin, env }).done;
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(result.stderr).toContain(reason);
      expect(result.stdout).toBe('');
      expect(broker.pending().some((r) => r.agent?.id === 'cursor-00000009')).toBe(false);
    },
  );

  it('cue without `-` is a usage error', async () => {
    const result = await runCli(ENTRY, ['cue', 'cursor-00000010'], { env }).done;
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: cue requires stdin tag-blocks. Usage: cueme cue <agent_id> -\n',
    );
  });

  it('says how to start a broker when none runs', async () => {
    const result = await runCli(ENTRY, ['cue', 'cursor-00000011', '-'], {
      stdin: envelope('x'),
      env: { CLARITY_HITL_BROKER_URL: 'http://127.0.0.1:9/' },
    }).done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no HITL Broker is running at http://127.0.0.1:9/');
    expect(result.stderr).toContain('clarity-hitl serve');
  });

  it('sends the broker token; without it the error says how to set it', async () => {
    const secured = new Broker();
    const tokenServer = await createHttpServer({
      broker: secured,
      port: 0,
      rendererDir: null,
      token: 'tok-123',
    });
    const securedUrl = await tokenServer.listen();
    try {
      const ok = await runCli(ENTRY, ['join', 'terminal'], {
        env: { CLARITY_HITL_BROKER_URL: securedUrl, CLARITY_HITL_BROKER_TOKEN: 'tok-123' },
      }).done;
      expect(ok.code).toBe(0);
      const denied = await runCli(ENTRY, ['join', 'terminal'], {
        env: { CLARITY_HITL_BROKER_URL: securedUrl },
      }).done;
      expect(denied.code).toBe(1);
      expect(denied.stderr).toContain('CLARITY_HITL_BROKER_TOKEN');
    } finally {
      await tokenServer.close();
      secured.close();
    }
  });
});
