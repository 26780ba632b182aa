import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();

/** 1,000 pending requests `<prefix>-0` (oldest) … `<prefix>-999`; only `<prefix>-<due>` has a deadline. */
function addPile(harness: BrokerHarness, prefix: string, due: number): void {
  const now = Date.now();
  for (let i = 0; i < 1000; i += 1)
    harness.broker.add({
      source: 'clarity-http',
      key: `${prefix}-${i}`,
      prompt: `Step ${i}?`,
      createdAt: now - (1000 - i) * 1000,
      ...(i === due ? { expiresAt: now + 120_000 } : {}),
    });
}

/** Holds the inbox's whole-list fetch (`GET /api/requests`) until the returned function is called. */
async function holdWholeList(page: Page): Promise<{ asked: () => boolean; release: () => void }> {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  let asked = false;
  await page.route(/\/api\/requests(\?|$)/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { asked: () => asked, release };
}

const topThree = async (page: Page) =>
  (await page.locator('[role=option] .row-key').allTextContents()).slice(0, 3);

describe('web inbox at 1,000 pending: the first page is the top of the list', () => {
  it('shows the soonest deadline, then the oldest, before the whole list has loaded; nothing moves after', async () => {
    const harness = await web.startBroker();
    // One request in the middle of the pile has a deadline; the rest wait without one.
    addPile(harness, 'waiting', 500);
    const page = await web.newPage({ viewport: { width: 1280, height: 800 } });
    const list = await holdWholeList(page);
    await page.goto(harness.url);
    const rows = page.getByRole('listbox').getByRole('option');
    await until(async () => list.asked() && (await rows.count()) > 2, 'the first page painted');
    // Only the first page (200) is in, yet the top is right: the deadline, then the oldest.
    expect(await topThree(page)).toEqual(['waiting-500', 'waiting-0', 'waiting-1']);
    await page.getByRole('heading', { name: 'waiting-500' }).waitFor();
    await screenshot(page, 'web-first-page-1000');

    list.release();
    await until(async () => (await page.title()) === '(1000) HITL Broker', 'the whole list');
    expect(await topThree(page)).toEqual(['waiting-500', 'waiting-0', 'waiting-1']);
    expect(await page.getByRole('heading', { name: 'waiting-500' }).count()).toBe(1);
  });

  it('follows the order the operator chose (remembered): newest first asks for the newest page', async () => {
    const harness = await web.startBroker();
    addPile(harness, 'job', 10);
    const page = await web.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() =>
      localStorage.setItem(
        'hitl-broker.inbox-view',
        JSON.stringify({ order: 'newest', groupByAgent: false }),
      ),
    );
    const streams: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/events')) streams.push(new URL(r.url()).search);
    });
    const list = await holdWholeList(page);
    await page.goto(harness.url);
    await until(async () => (await topThree(page)).length === 3, 'the first page painted');
    expect(streams[0]).toBe('?snapshot_limit=200&snapshot_order=newest');
    expect(await topThree(page)).toEqual(['job-999', 'job-998', 'job-997']);
    expect(await page.getByLabel('Order', { exact: true }).inputValue()).toBe('newest');
    list.release();
    await until(async () => (await page.title()) === '(1000) HITL Broker', 'the whole list');
    expect(await topThree(page)).toEqual(['job-999', 'job-998', 'job-997']);
  });
});
