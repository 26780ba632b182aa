import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HitlRequest, NewRequest } from '@contract/request';
import type { AgentMessage } from '@contract/agent-message';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();
let harness: BrokerHarness;
let page: Page;

beforeEach(async () => {
  ({ harness, page } = await web.openInbox({ viewport: { width: 1280, height: 820 }, open: true }));
});

/** Opens a request as an adapter would and waits for its card. */
async function open(request: NewRequest): Promise<HitlRequest> {
  const added = harness.broker.add(request);
  await page.getByRole('heading', { name: request.title ?? request.key }).waitFor();
  return added;
}

const resolution = (id: string) => harness.broker.waitForResolution(id);

/** Posts a HAPI AgentMessage the way an agent does (POST /api/agents/:agentId/messages). */
async function postAgentMessage(agentId: string, message: AgentMessage): Promise<void> {
  const res = await fetch(new URL(`/api/agents/${agentId}/messages`, harness.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
  });
  expect(res.ok).toBe(true);
}

describe('rich answer inputs answered from the UI reach the broker as AnswerInput', () => {
  it('confirm: the confirm label answers confirmed, decline is an answer (not a cancel)', async () => {
    const deploy = await open({
      source: 'cueme',
      key: 'deploy',
      prompt: 'Deploy **v1.2.0**?',
      input: { kind: 'confirm', confirmLabel: 'Deploy', cancelLabel: 'Hold' },
    });
    await screenshot(page, 'input-confirm');
    await page.getByLabel('Note (optional)').fill('after lunch');
    await page.getByRole('button', { name: 'Deploy' }).click();
    const done = await resolution(deploy.id);
    expect(done.status).toBe('answered');
    expect(done.answer?.value).toEqual({ kind: 'confirm', confirmed: true, note: 'after lunch' });

    const drop = await open({
      source: 'cueme',
      key: 'drop-table',
      prompt: 'Drop the table?',
      input: { kind: 'confirm' },
    });
    await page.getByRole('button', { name: 'Decline' }).click();
    const declined = await resolution(drop.id);
    expect(declined.status).toBe('answered');
    expect(declined.answer).toEqual({
      text: 'declined',
      value: { kind: 'confirm', confirmed: false },
    });
  });

  it('choice (QuestFoundry): description and recommended shown; picked option plus "other" sent', async () => {
    const q = await open({
      source: 'questfoundry',
      key: 'msg-1',
      title: 'Which worldbuilding?',
      context: 'The Showrunner plans the next TU.',
      prompt: "I see you want to work on 'worldbuilding.' Which did you mean?",
      input: {
        kind: 'choice',
        recommended: 'B',
        options: [
          { value: 'A', label: 'World Genesis', description: 'Larger scope: new regions.' },
          { value: 'B', label: 'Lore Deepening', description: 'Stays within canon.' },
        ],
      },
    });
    expect(await page.locator('.context').textContent()).toContain(
      'The Showrunner plans the next TU.',
    );
    expect(await page.locator('.choice.recommended').textContent()).toContain('Recommended');
    expect(await page.locator('.choice').first().textContent()).toContain(
      'Larger scope: new regions.',
    );
    await screenshot(page, 'input-choice');
    await page.getByRole('radio', { name: /World Genesis/ }).check();
    await page.getByLabel('Other (free text)').fill('but keep it small');
    await page.getByLabel('Other (free text)').press('Control+Enter');
    const done = await resolution(q.id);
    expect(done.answer?.value).toEqual({
      kind: 'choice',
      selected: ['A'],
      other: 'but keep it small',
    });
  });

  it('choice with multiple: checkboxes, several values', async () => {
    const q = await open({
      source: 'mcp',
      key: 'platforms',
      prompt: 'Build for which platforms?',
      input: {
        kind: 'choice',
        multiple: true,
        options: [
          { value: 'linux', label: 'Linux' },
          { value: 'mac', label: 'macOS' },
          { value: 'win', label: 'Windows' },
        ],
      },
    });
    await page.getByRole('checkbox', { name: 'Linux' }).check();
    await page.getByRole('checkbox', { name: 'Windows' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await resolution(q.id)).answer?.value).toEqual({
      kind: 'choice',
      selected: ['linux', 'win'],
    });
  });

  it('form: text, select and multi-select fields keyed by label', async () => {
    const q = await open({
      source: 'cueme',
      key: 'release-form',
      prompt: 'Release details',
      input: {
        kind: 'form',
        fields: [
          { label: 'Version', kind: 'text', placeholder: '1.2.3' },
          { label: 'Channel', kind: 'text', options: ['stable', 'beta'] },
          { label: 'Platforms', kind: 'text', options: ['linux', 'mac'], multiple: true },
        ],
      },
    });
    await page.getByLabel('Version').fill('1.2.0');
    await page.getByLabel('Channel').selectOption('beta');
    await page.getByRole('checkbox', { name: 'mac' }).check();
    await screenshot(page, 'input-form');
    await page.getByRole('button', { name: 'Send' }).click();
    const done = await resolution(q.id);
    expect(done.answer?.value).toEqual({
      kind: 'form',
      values: { Version: '1.2.0', Channel: 'beta', Platforms: ['mac'] },
    });
    expect(done.answer?.text).toBe('Version: 1.2.0\nChannel: beta\nPlatforms: mac');
  });

  it('file pick: lists matching files from the workspace, the picked path is the answer', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-ws-'));
    try {
      await mkdir(path.join(root, 'data'));
      await writeFile(path.join(root, 'data', 'a.csv'), 'x');
      await writeFile(path.join(root, 'data', 'b.csv'), 'y');
      await writeFile(path.join(root, 'notes.txt'), 'z');
      const q = await open({
        source: 'mcp',
        key: 'pick-csv',
        prompt: 'Which CSV?',
        input: { kind: 'file', pattern: '**/*.csv', root },
      });
      await page.getByRole('radio', { name: 'data/b.csv' }).waitFor();
      expect(await page.getByRole('radio').count()).toBe(2);
      await screenshot(page, 'input-file');
      await page.getByRole('radio', { name: 'data/b.csv' }).check();
      await page.getByRole('button', { name: 'Send' }).click();
      expect((await resolution(q.id)).answer?.value).toEqual({ kind: 'file', path: 'data/b.csv' });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('text with placeholder sends the typed text', async () => {
    const q = await open({
      source: 'mcp',
      key: 'name-it',
      prompt: 'Name the branch',
      input: { kind: 'text', placeholder: 'feature/…' },
    });
    expect(await page.getByLabel('Your answer').getAttribute('placeholder')).toBe('feature/…');
    await page.getByLabel('Your answer').fill('feature/inbox');
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await resolution(q.id)).answer).toEqual({ text: 'feature/inbox' });
  });

  it('HAPI agent context: markdown text, collapsed thinking, tool Running until its result flips it', async () => {
    const agent = {
      id: 'agent-7',
      name: 'claude-code',
      runtime: 'claude-code',
      projectDir: '/src/shop',
    };
    await postAgentMessage(agent.id, {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'The user wants to see files…' },
        { type: 'tool_use', id: 'call_1', name: 'ls', input: { path: './src' } },
      ],
    });
    await open({
      source: 'cueme',
      key: 'ctx-question',
      agent,
      prompt: 'Proceed with the listing?',
    });
    const panel = page.getByRole('complementary', { name: 'Agent context' });
    await panel.locator('[data-tool-status="running"]').waitFor();
    expect(await panel.locator('.tool').textContent()).toContain('ls');
    expect(await panel.locator('.tool').textContent()).toContain('"path":"./src"');
    expect(await panel.locator('details').first().getAttribute('open')).toBeNull();

    await postAgentMessage(agent.id, {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'index.ts\nutils.ts' }],
    });
    await panel.locator('[data-tool-status="success"]').waitFor();
    await postAgentMessage(agent.id, {
      role: 'assistant',
      content: [{ type: 'text', text: 'The folder has **two** files.' }],
    });
    await panel.locator('strong', { hasText: 'two' }).waitFor();
    await postAgentMessage(agent.id, {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'call_2', name: 'rm', input: { path: '/' } }],
    });
    await postAgentMessage(agent.id, {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'call_2', content: 'denied', is_error: true }],
    });
    await panel.locator('[data-tool-status="error"]').waitFor();
    await until(
      async () => (await panel.locator('.badge').allTextContents()).join(',') === 'Success,Error',
      'badges',
    );
    await screenshot(page, 'agent-context');
  });

  it('HAPI agent context: what the agent said while the stream was down shows after it reconnects', async () => {
    const agent = { id: 'agent-9', name: 'codex' };
    await postAgentMessage(agent.id, {
      role: 'assistant',
      content: [{ type: 'text', text: 'Starting the **migration**.' }],
    });
    await open({ source: 'cueme', key: 'ctx-reconnect', agent, prompt: 'Run it?' });
    const panel = page.getByRole('complementary', { name: 'Agent context' });
    await panel.locator('strong', { hasText: 'migration' }).waitFor();
    // Cut every open connection (the SSE stream too); the page retries after 2 s. Messages are
    // live-only on the stream, so the one posted in between reaches the page only by a reload.
    harness.server.app.server.closeAllConnections();
    const away: AgentMessage = {
      role: 'assistant',
      content: [{ type: 'text', text: 'Said while you were **away**.' }],
    };
    // This process's own kept-alive connection was cut too: the first try may fail on it.
    await postAgentMessage(agent.id, away).catch(() => postAgentMessage(agent.id, away));
    await panel.locator('strong', { hasText: 'away' }).waitFor({ timeout: 15_000 });
    expect(await panel.locator('.context-item').count()).toBe(2);
  });
});
