import { spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answered, cueCancelled } from '../../support/cueme-original/expected';
import { screenshot, until, useBrowser, type BrokerHarness } from '../web/harness';

const web = useBrowser();
let harness: BrokerHarness;
let page: Page;
const children = new Set<ReturnType<typeof spawn>>();

beforeEach(async () => {
  ({ harness, page } = await web.openInbox({ viewport: { width: 1280, height: 820 }, open: true }));
});
afterEach(async () => {
  for (const child of children) child.kill();
  children.clear();
});

/** A real `cueme` process (TypeScript source through tsx) talking to the harness broker. */
function cueme(args: string[], stdin = '') {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli/cueme.ts', ...args], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      CLARITY_HITL_BROKER_URL: harness.url,
      CLARITY_HITL_STATE_DIR: '/nonexistent',
      TERM_PROGRAM: 'vscode',
    },
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    }),
  );
}

const envelope = (prompt: string, payload?: unknown) =>
  `<cueme_prompt>\n${prompt}\n</cueme_prompt>\n` +
  (payload === undefined
    ? ''
    : `\n<cueme_payload>\n${JSON.stringify(payload)}\n</cueme_payload>\n`);

async function join(runtime: string): Promise<string> {
  const joined = await cueme(['join', runtime]);
  expect(joined.code).toBe(0);
  return /^agent_id=(.+)$/m.exec(joined.stdout)![1]!;
}

describe('cueme answered from the web inbox in Chromium', () => {
  it('text, choice, confirm and form payloads print the documented answers', async () => {
    const agent = await join('claude_code');

    const text = cueme(
      ['cue', agent, '-'],
      envelope('## Which branch should I use?\n\nThe default is `main`.'),
    );
    await page.getByRole('heading', { name: 'Which branch should I use?' }).first().waitFor();
    expect(await page.getByText(agent).count()).toBeGreaterThan(0);
    await screenshot(page, 'cueme-text');
    await page.getByLabel('Your answer').fill('feature/inbox');
    await page.getByRole('button', { name: 'Send' }).click();
    expect(await text).toEqual({ code: 0, stdout: answered('feature/inbox'), stderr: '' });

    const choice = cueme(
      ['cue', agent, '-'],
      envelope('Next step?', { type: 'choice', options: ['Continue', 'Stop'] }),
    );
    await page.getByRole('heading', { name: 'Next step?' }).waitFor();
    await screenshot(page, 'cueme-choice');
    await page.getByRole('radio', { name: 'Continue' }).check();
    await page.getByLabel('Other (free text)').fill('but run the tests first');
    await page.getByRole('button', { name: 'Send' }).click();
    expect(await choice).toMatchObject({
      code: 0,
      stdout: answered('Continue\nbut run the tests first'),
    });

    const confirm = cueme(
      ['cue', agent, '-'],
      envelope('Ship the release?', {
        type: 'confirm',
        text: 'Continue?',
        confirm_label: 'Ship',
        cancel_label: 'Hold',
      }),
    );
    await page.getByRole('heading', { name: 'Ship the release?' }).waitFor();
    await screenshot(page, 'cueme-confirm');
    await page.getByRole('button', { name: 'Ship' }).click();
    expect(await confirm).toMatchObject({ code: 0, stdout: answered('Ship') });

    const decline = cueme(['cue', agent, '-'], envelope('Drop the cache?', { type: 'confirm' }));
    await page.getByRole('heading', { name: 'Drop the cache?' }).waitFor();
    await page.getByRole('button', { name: 'Decline' }).click();
    expect(await decline).toMatchObject({ code: 0, stdout: cueCancelled });

    const form = cueme(
      ['cue', agent, '-'],
      envelope('Release details', {
        type: 'form',
        fields: [
          { label: 'Env', options: ['prod', 'staging'] },
          { label: 'Note', kind: 'text' },
        ],
      }),
    );
    await page.getByRole('heading', { name: 'Release details' }).waitFor();
    await page.getByLabel('Env').selectOption('staging');
    await page.getByLabel('Note').fill('after QA');
    await screenshot(page, 'cueme-form');
    await page.getByRole('button', { name: 'Send' }).click();
    expect(await form).toMatchObject({ code: 0, stdout: answered('Env: staging\nNote: after QA') });
  });

  it('cancelling from the UI makes cue exit 0 telling the agent to pause, as the original', async () => {
    const agent = await join('cursor');
    const cue = cueme(['cue', agent, '-'], envelope('Rewrite the parser?'));
    await page.getByRole('heading', { name: 'Rewrite the parser?' }).waitFor();
    await page.getByRole('button', { name: 'Cancel request…' }).click();
    await page.getByRole('button', { name: 'Cancel request', exact: true }).click();
    expect(await cue).toEqual({ code: 0, stdout: cueCancelled, stderr: '' });
    await until(() => harness.broker.pendingCount === 0, 'no pending');
  });

  it('two agents are grouped apart in the list', async () => {
    const a = await join('claude_code');
    const b = await join('windsurf');
    const first = cueme(['cue', a, '-'], envelope('Question from A'));
    const second = cueme(['cue', b, '-'], envelope('Question from B'));
    await until(() => harness.broker.pendingCount === 2, 'two pending');
    // In the list (the agent filter's options name them too).
    await page.getByRole('listbox').getByText(a).first().waitFor();
    await page.getByRole('listbox').getByText(b).first().waitFor();
    await screenshot(page, 'cueme-two-agents');
    for (const r of harness.broker.pending())
      harness.broker.answer(r.id, { text: `ok ${r.agent?.runtime}` });
    expect((await first).stdout).toBe(answered('ok claude_code'));
    expect((await second).stdout).toBe(answered('ok windsurf'));
  });
});
