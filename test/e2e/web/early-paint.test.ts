import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();

async function postQuestion(
  harness: BrokerHarness,
  key: string,
  question: string,
  timeoutSec?: number,
) {
  const res = await fetch(new URL('/questions', harness.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, question, ...(timeoutSec ? { timeout_sec: timeoutSec } : {}) }),
  });
  expect(res.status).toBe(200);
}

/** Holds the app chunk (start-app) until `release` is called, as a slow cold load would. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/start-app-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('web inbox: the first snapshot is painted before the app has loaded', () => {
  it('shows the pending questions as a plain list in the app order, then the app replaces it', async () => {
    const harness = await web.startBroker();
    for (const [i, key] of ['early-one', 'early-two', 'early-three'].entries()) {
      // The newest has a deadline: the early list, like the app, puts it first, then the oldest.
      await postQuestion(
        harness,
        key,
        `**Step ${i + 1}**: is this right?\nmore text`,
        i === 2 ? 600 : undefined,
      );
      await new Promise((r) => setTimeout(r, 5));
    }
    const page = await web.newPage();
    const release = await holdTheApp(page);
    await page.goto(harness.url);
    const early = page.locator('.early-paint .early-title');
    await until(async () => (await early.count()) === 3, 'the early list');
    expect(await early.allTextContents()).toEqual(['early-three', 'early-one', 'early-two']);
    expect(await page.locator('.early-paint .early-prompt').first().textContent()).toBe(
      'Step 3: is this right?',
    );
    expect(await page.locator('[role=listbox]').count()).toBe(0);
    await screenshot(page, 'web-early-paint');

    release();
    await page.getByRole('listbox').waitFor();
    await until(async () => (await page.locator('.early-paint').count()) === 0, 'early list gone');
    // The app's list has the same order: nothing moved when it took over.
    await page.getByRole('heading', { name: 'early-three' }).waitFor();
    const rows = page.getByRole('listbox').getByRole('option');
    await until(async () => (await rows.count()) === 3, 'the app list');
    const appOrder = await rows.allTextContents();
    expect(
      ['early-three', 'early-one', 'early-two'].map((k) =>
        appOrder.findIndex((t) => t.includes(k)),
      ),
    ).toEqual([0, 1, 2]);
  });

  it('shows markup as text, never as HTML', async () => {
    const harness = await web.startBroker();
    const payload = '<img src=x onerror="window.xssRan=1"><script>window.xssRan=2</script>';
    await postQuestion(harness, 'xss-early', payload);
    const page = await web.newPage();
    const release = await holdTheApp(page);
    await page.goto(harness.url);
    const prompt = page.locator('.early-paint .early-prompt');
    await until(async () => (await prompt.count()) === 1, 'the early list');
    expect(await prompt.textContent()).toBe(payload);
    expect(await page.locator('.early-paint img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { xssRan?: number }).xssRan)).toBe(
      undefined,
    );
    release();
  });

  it('paints nothing early when nothing is pending; the app shows its empty state', async () => {
    const harness = await web.startBroker();
    const page = await web.newPage();
    const release = await holdTheApp(page);
    await page.goto(harness.url);
    // The snapshot has arrived (the stream is open) well before this; nothing was painted.
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.locator('.early-paint').count()).toBe(0);
    release();
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
  });

  it('the page the broker serves already holds them: they show with scripts off', async () => {
    const harness = await web.startBroker();
    for (const [i, key] of ['served-one', 'served-two', 'served-three'].entries()) {
      await postQuestion(harness, key, `Served ${i + 1}: ok?`, i === 2 ? 600 : undefined);
      await new Promise((r) => setTimeout(r, 5));
    }
    const page = await web.newPage({ javaScriptEnabled: false });
    await page.goto(harness.url);
    const early = page.locator('.early-paint .early-title');
    // No script ran: the rows came in the page itself, deadline first, then oldest.
    expect(await early.allTextContents()).toEqual(['served-three', 'served-one', 'served-two']);
    expect(await page.locator('.early-paint .early-prompt').first().textContent()).toBe(
      'Served 3: ok?',
    );
    await screenshot(page, 'web-early-paint-served');
  });

  it('a reload lists them in the order the operator chose, before the app loads', async () => {
    const harness = await web.startBroker();
    for (const key of ['order-a', 'order-b', 'order-c']) {
      await postQuestion(harness, key, `${key}?`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const page = await web.newPage();
    await page.goto(harness.url);
    await page.getByRole('listbox').waitFor();
    await page.getByLabel('Order', { exact: true }).selectOption({ label: 'Newest first' });
    // Reload with the scripts held back: what shows is the page the broker served.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    const early = page.locator('.early-paint .early-title');
    await until(async () => (await early.count()) === 3, 'the served list');
    expect(await early.allTextContents()).toEqual(['order-c', 'order-b', 'order-a']);
  });
});
