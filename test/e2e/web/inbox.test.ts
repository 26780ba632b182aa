import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();
let harness: BrokerHarness;
let page: Page;

beforeEach(async () => {
  ({ harness, page } = await web.openInbox());
});

async function writeQuestion(key: string, question: string): Promise<void> {
  const body = JSON.stringify({ key, question, timestamp: Date.now() });
  await writeFile(path.join(harness.dir, `${key}.question`), body);
}

async function postQuestion(key: string, question: string): Promise<void> {
  const res = await fetch(new URL('/questions', harness.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, question }),
  });
  expect(res.status).toBe(200);
}

const card = (key: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: key }) });

describe('web inbox against a real broker', () => {
  it('shows the empty state, then a .question written by an agent appears live; the typed answer lands in the .answer file', async () => {
    await page.goto(harness.url);
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
    const questionsUrl = `${harness.url.replace(/\/$/, '')}/questions`;
    // The broker's own URL arrives with GET /info, just after the empty state first paints.
    await until(
      async () => (await page.locator('.empty-state').textContent())?.includes(questionsUrl),
      'the broker URL in the empty state',
    );
    expect(await page.locator('.empty-state').textContent()).toContain(questionsUrl);
    await screenshot(page, 'empty-state');

    await writeQuestion(
      'review-step-3',
      'Does this **summary** look correct?\n\n- one\n- two\n\n```js\nconsole.log(1)\n```',
    );
    await card('review-step-3').waitFor();
    expect(await page.title()).toBe('(1) HITL Broker');
    await page.getByRole('article').locator('strong').first().waitFor(); // the code-split markdown
    await screenshot(page, 'inbox-card');

    await page.getByLabel('Your answer').fill('Looks right, ship it');
    await page.getByLabel('Your answer').press('Control+Enter');
    const answer = await until(
      () => readFile(path.join(harness.dir, 'review-step-3.answer'), 'utf8').catch(() => undefined),
      'the .answer file',
    );
    expect(answer).toBe('Looks right, ship it');
    await page.getByRole('status').getByText('Answer sent for “review-step-3”.').waitFor();
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
    expect(await page.title()).toBe('HITL Broker');
  });

  it('answers an HTTP-mode question from the UI with one-click Approve, and cancels another', async () => {
    await page.goto(harness.url);
    await postQuestion('http-approve', 'Approve the plan?');
    await postQuestion('http-cancel', 'Delete the cache?');
    const options = page.getByRole('listbox', { name: 'Pending requests' }).getByRole('option');
    await options.nth(1).waitFor();
    expect(await options.allTextContents()).toEqual([
      expect.stringContaining('http-approve'),
      expect.stringContaining('http-cancel'),
    ]); // no deadlines: oldest first
    await options.nth(1).click();
    await card('http-cancel').waitFor();

    // Two steps: a stray click never withdraws a question; Esc keeps it.
    await page.getByRole('button', { name: 'Cancel request…' }).click();
    await page.getByLabel('Reason (optional)').press('Escape');
    await page.getByRole('button', { name: 'Cancel request…' }).click();
    await page.getByLabel('Reason (optional)').fill('cache is fine');
    await screenshot(page, 'cancel-confirm');
    await page.getByLabel('Reason (optional)').press('Enter');
    await card('http-approve').waitFor();
    const cancelled = (await (
      await fetch(new URL('/questions/http-cancel', harness.url))
    ).json()) as { status: string };
    expect(cancelled.status).toBe('cancelled');
    const history = (await (
      await fetch(new URL('/api/history', harness.url), {
        headers: { authorization: `Bearer ${harness.operatorSecret}` },
      })
    ).json()) as {
      requests: Array<{ key: string; cancelReason?: string }>;
    };
    expect(history.requests.find((r) => r.key === 'http-cancel')?.cancelReason).toBe(
      'cache is fine',
    );

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
    const approved = (await (
      await fetch(new URL('/questions/http-approve', harness.url))
    ).json()) as unknown;
    expect(approved).toMatchObject({ status: 'answered', response: '' });
  });

  it('a newer question arriving does not swap the card under a half-typed answer', async () => {
    await page.goto(harness.url);
    await postQuestion('first', 'First question');
    await card('first').waitFor();
    await page.getByLabel('Your answer').fill('my draft');
    await postQuestion('second', 'Second question');
    await page.getByRole('option', { name: /second/ }).waitFor();
    expect(await card('first').count()).toBe(1);
    expect(await page.getByLabel('Your answer').inputValue()).toBe('my draft');
    expect(await page.title()).toBe('(2) HITL Broker');
  });

  it('a request answered elsewhere while typing keeps its card (how, the answer, the draft) instead of a stale form', async () => {
    await page.goto(harness.url);
    await postQuestion('elsewhere', 'Answered from the terminal?');
    await card('elsewhere').waitFor();
    await page.getByLabel('Your answer').fill('half-typed');
    const res = await fetch(new URL('/answer', harness.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'elsewhere', response: 'from the CLI' }),
    });
    expect(res.status).toBe(200);
    await page.getByRole('status').getByText('“elsewhere” was answered elsewhere.').waitFor();
    await card('elsewhere')
      .getByText(/^Answered through the HTTP API/)
      .waitFor();
    expect(await page.getByLabel('Your answer').count()).toBe(0);
    expect(await page.getByLabel('Your draft (not sent)').inputValue()).toBe('half-typed');
    await card('elsewhere').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
  });

  it('a file question answered with the `clarity-hitl answer` CLI leaves the UI with a notice', async () => {
    await page.goto(harness.url);
    await writeQuestion('cli-answered', 'Answer me from the terminal');
    await card('cli-answered').waitFor();
    await page.getByLabel('Your answer').fill('half-typed in the browser');
    const root = path.resolve(import.meta.dirname, '../../..');
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'main/cli/clarity-hitl.ts',
        'answer',
        'cli-answered',
        'from the CLI',
        '--dir',
        harness.dir,
      ],
      { cwd: root },
    );
    await page.getByRole('status').getByText('“cli-answered” was answered elsewhere.').waitFor();
    await card('cli-answered')
      .getByText(/^Answered in the terminal/)
      .waitFor();
    expect(await page.getByLabel('Your draft (not sent)').inputValue()).toBe(
      'half-typed in the browser',
    );
    expect(await readFile(path.join(harness.dir, 'cli-answered.answer'), 'utf8')).toBe(
      'from the CLI',
    );
  });

  it('history lists resolved requests with their answers and searches them', async () => {
    await page.goto(harness.url);
    await postQuestion('hist-one', 'Which colour for the button?');
    await postQuestion('hist-two', 'Rename the module?');
    await page.getByRole('option', { name: /hist-two/ }).click();
    await card('hist-two').waitFor();
    await page.getByLabel('Your answer').fill('Yes, call it core');
    await page.getByRole('button', { name: 'Send' }).click();
    await card('hist-one').waitFor();
    await page.getByLabel('Your answer').fill('Teal');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();

    await page.getByRole('button', { name: 'History' }).click();
    await page.locator('.history-item').nth(1).waitFor();
    expect(await page.locator('.history-item').count()).toBe(2);
    expect(await page.locator('.history-item').first().textContent()).toContain('Teal');
    await screenshot(page, 'history');
    await page.getByLabel('Search history').fill('core');
    await until(
      async () => (await page.locator('.history-item').count()) === 1,
      'search to narrow the list',
    );
    expect(await page.locator('.history-item').textContent()).toContain('Yes, call it core');
  });

  it('is keyboard-first: j/k move, Enter focuses the answer, Esc goes back', async () => {
    await page.goto(harness.url);
    await postQuestion('kb-old', 'Older question');
    await new Promise((r) => setTimeout(r, 5)); // distinct createdAt for a stable order
    await postQuestion('kb-new', 'Newer question');
    await page.getByRole('option', { name: /kb-new/ }).waitFor();
    await page.getByRole('option', { name: /kb-old/ }).click();
    await card('kb-old').waitFor();
    await page.locator('body').press('j');
    await card('kb-new').waitFor();
    await page.locator('body').press('k');
    await card('kb-old').waitFor();
    await page.locator('body').press('Enter');
    const focusedId = await until(
      () => page.evaluate<string>('document.activeElement?.id ?? ""'),
      'focus on the answer',
    );
    expect(focusedId).toMatch(/^answer-/);
    await page.keyboard.press('Escape');
    expect(
      await page.evaluate<string | null>('document.activeElement?.getAttribute("role") ?? null'),
    ).toBe('listbox');
  });
});
