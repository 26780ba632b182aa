import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const web = useBrowser();

/**
 * A fake agent speaking the Tool Server Lite JSONL (docs/protocols.md): streams tokens, reports progress,
 * blocks on a real human_in_loop execute until the operator answers in the inbox, then finishes.
 * It waits for a `go` file between steps, so the test sees each state live.
 */
const AGENT = `
import { existsSync } from 'node:fs';
const [gate] = process.argv.slice(2);
const url = process.env.CLARITY_HITL_BROKER_URL;
const out = (e) => console.log(JSON.stringify({ call_id: 'c-e2e', ...e }));
const wait = async (name) => { while (!existsSync(gate + '.' + name)) await new Promise((r) => setTimeout(r, 20)); };
out({ type: 'start', project: '/work/paper', agent: 'writing_agent', task: 'Draft the survey' });
out({ type: 'token', text: 'Collecting sources' });
out({ type: 'token', text: '… found 10 papers.' });
console.log('pip: 3 packages already satisfied');
out({ type: 'progress', phase: 'collect', pct: 20 });
await wait('1');
out({ type: 'progress', phase: 'review', pct: 45 });
out({ type: 'notice', text: 'Waiting for the operator to confirm the references' });
const held = fetch(url + 'api/tool/execute', { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ task_id: '/work/paper', tool_name: 'human_in_loop', params: { hil_id: 'HIL-E2E', instruction: 'Confirm the references' } }) });
out({ type: 'human_in_loop', hil_id: 'HIL-E2E', title: 'Confirm the references', message: 'Found 10 papers. Continue?', ui: { type: 'confirm' } });
const reply = await (await held).json();
out({ type: 'token', text: 'Operator said: ' + reply.data.output });
out({ type: 'artifact', kind: 'file', path: 'upload/references.md', summary: 'Reference list' });
out({ type: 'progress', phase: 'write', pct: 100 });
out({ type: 'result', ok: true, summary: 'Survey drafted', artifacts: ['upload/survey.md'] });
out({ type: 'end', status: 'ok' });
`;

async function startAgent(harness: BrokerHarness) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hitl-run-e2e-'));
  const script = path.join(dir, 'agent.mjs');
  const gate = path.join(dir, 'gate');
  await writeFile(script, AGENT);
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'main/cli/clarity-hitl.ts',
      'run',
      '--broker',
      harness.url,
      '--',
      process.execPath,
      script,
      gate,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  web.onCleanup(async () => {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });
  return {
    release: (step: string) => writeFile(`${gate}.${step}`, ''),
    exited,
    output: () => output,
  };
}

const runsTab = (page: Page) =>
  page.getByRole('navigation').getByRole('button', { name: /^(Runs|运行)/ });
const timeline = (page: Page) => page.getByRole('region', { name: /Run timeline|运行时间线/ });
const runRow = (page: Page) =>
  page
    .getByRole('listbox', { name: /Agent runs|智能体运行/ })
    .getByRole('option')
    .first();

describe('Runs view against a real broker and `clarity-hitl run`', { timeout: 120_000 }, () => {
  it('shows how to start a run, then the run updates live; its human_in_loop entry opens the request', async () => {
    const { harness, page } = await web.openInbox({ open: true });
    await runsTab(page).click();
    await page.getByRole('heading', { name: 'No agent runs yet' }).waitFor();
    expect(await page.locator('.runs-empty').textContent()).toContain(
      'clarity-hitl run -- <agent command>',
    );
    await screenshot(page, 'runs-empty');

    const agent = await startAgent(harness);
    await runRow(page).waitFor({ timeout: 30_000 });
    // The row appears with the command at once, then takes the agent's name from its start event.
    await runRow(page).getByText('writing_agent · Draft the survey').waitFor();
    await timeline(page).getByText('Collecting sources… found 10 papers.').waitFor();
    await timeline(page).getByText('pip: 3 packages already satisfied').waitFor();
    const bar = runRow(page).getByRole('progressbar');
    await until(async () => (await bar.getAttribute('aria-valuenow')) === '20', 'progress 20%');
    expect(await bar.getAttribute('aria-label')).toBe('Progress: collect');

    // Live: the agent moves on without any reload.
    await agent.release('1');
    await until(async () => (await bar.getAttribute('aria-valuenow')) === '45', 'progress 45%');
    const hil = timeline(page).locator('.run-event-hil');
    await hil.getByRole('button', { name: 'Open in Inbox →' }).waitFor({ timeout: 30_000 });
    expect(await hil.textContent()).toContain(
      'Confirm the references — Found 10 papers. Continue?',
    );
    expect(await runRow(page).getByText('Running').count()).toBe(1);
    await runsTab(page).getByLabel('1 running').waitFor();
    await screenshot(page, 'runs-live-light');

    // Keyboard: the list is a listbox; Enter moves into the timeline.
    await runRow(page).click();
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string | undefined>('document.activeElement?.className')).toBe(
      'run-detail',
    );
    await page.keyboard.press('Escape');
    expect(await page.evaluate<string | undefined>('document.activeElement?.className')).toBe(
      'run-list',
    );

    await hil.getByRole('button', { name: 'Open in Inbox →' }).click();
    const card = page.getByRole('article');
    await card.getByRole('heading', { name: 'Confirm the references' }).waitFor();
    expect(await page.getByRole('button', { name: /^Inbox/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await card.getByRole('button', { name: 'Confirm', exact: true }).click();

    expect(await agent.exited, agent.output()).toBe(0);
    await runsTab(page).click();
    await runRow(page).getByText('Succeeded').waitFor();
    await until(
      async () =>
        (await runsTab(page)
          .getByLabel(/running/)
          .count()) === 0,
      'no running count',
    );
    await timeline(page).getByText('Survey drafted').waitFor();
    await timeline(page).getByText('upload/references.md').waitFor();
    await hil.getByText(/^Already answered: /).waitFor();
    expect(await hil.getByRole('button').count()).toBe(0);
    await screenshot(page, 'runs-done-light');

    await page.getByLabel('Theme', { exact: true }).selectOption('dark');
    await screenshot(page, 'runs-done-dark');
    await page.getByLabel('Language', { exact: true }).selectOption('zh');
    await timeline(page).getByText('结果：完成').waitFor();
    expect(await runRow(page).getByText('成功').count()).toBe(1);
    await page.getByLabel(/^(主题|Theme)$/).selectOption('light');
    await screenshot(page, 'runs-done-zh');
  });

  it('after the stream drops, the run list and the open timeline catch up on what happened meanwhile', async () => {
    const { harness, page } = await web.openInbox({ open: true });
    // Posts to the broker like `clarity-hitl run`; once more if our kept-alive socket was cut.
    const post = async (route: string, body: unknown) => {
      const send = () =>
        fetch(new URL(route, harness.url), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const res = await send().catch(send);
      expect(res.ok, `${route}: ${res.status}`).toBe(true);
      return (await res.json()) as { id: string };
    };
    const { id } = await post('/api/runs', { command: ['./agent.sh'], task: 'Reconnect test' });
    await post(`/api/runs/${id}/events`, { entries: [{ kind: 'text', text: 'before the drop' }] });
    await runsTab(page).click();
    await timeline(page).getByText('before the drop').waitFor();
    // Run updates are live-only on the stream: cut it, report while the page is away.
    harness.server.app.server.closeAllConnections();
    await post(`/api/runs/${id}/events`, {
      entries: [{ kind: 'text', text: 'said during the drop' }],
      exit: { code: 0, signal: null },
    });
    await timeline(page).getByText('said during the drop').waitFor({ timeout: 15_000 });
    await runRow(page).getByText('Succeeded').waitFor();
  });

  it('the dev preview lists its runs newest first; arrow keys move through them; narrow windows stack', async () => {
    const harness = await web.startBroker();
    const page = await web.newPage();
    await page.goto(`${harness.url}?preview`);
    await runsTab(page).click();
    const options = page.getByRole('listbox', { name: 'Agent runs' }).getByRole('option');
    await options.nth(2).waitFor();
    expect(await options.allTextContents()).toEqual([
      expect.stringContaining('claude-code · Migrate the orders table'),
      expect.stringContaining('writing_agent · Draft the survey'),
      expect.stringContaining('lint_agent · Fix the lint errors'),
    ]);
    await timeline(page).getByText('Drop legacy_id?').waitFor();
    await timeline(page).getByText('Not waiting in the Inbox').waitFor();
    await screenshot(page, 'runs-preview');
    await options.first().click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('j');
    expect(await options.nth(2).getAttribute('aria-selected')).toBe('true');
    await timeline(page).getByText('Result: failed').waitFor();
    expect(await timeline(page).textContent()).toContain('exit code 2');
    await page.setViewportSize({ width: 700, height: 800 });
    expect(
      await page.evaluate<boolean>(
        'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
      ),
    ).toBe(true);
    await screenshot(page, 'runs-preview-narrow');
  });
});
