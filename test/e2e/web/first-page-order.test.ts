import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser } from './harness';

const web = useBrowser();

describe('web inbox at 1,000 pending: the first page is the top of the list', () => {
  it('shows the soonest deadline, then the oldest, before the whole list has loaded; nothing moves after', async () => {
    const harness = await web.startBroker();
    const now = Date.now();
    for (let i = 0; i < 1000; i += 1)
      harness.broker.add({
        source: 'clarity-http',
        key: `waiting-${i}`,
        prompt: `Step ${i}?`,
        createdAt: now - (1000 - i) * 1000,
        // One request in the middle of the pile has a deadline; the rest wait without one.
        ...(i === 500 ? { expiresAt: now + 120_000 } : {}),
      });
    const page = await web.newPage({ viewport: { width: 1280, height: 800 } });
    let releaseList: () => void = () => {};
    const listHeld = new Promise<void>((r) => (releaseList = r));
    let asked = false;
    await page.route(/\/api\/requests(\?|$)/, async (route) => {
      asked = true;
      await listHeld;
      await route.continue();
    });
    await page.goto(harness.url);
    const rows = page.getByRole('listbox').getByRole('option');
    await until(async () => asked && (await rows.count()) > 2, 'the first page painted');
    const topThree = async () =>
      (await page.locator('[role=option] .row-key').allTextContents()).slice(0, 3);
    // Only the first page (200) is in, yet the top is right: the deadline, then the oldest.
    expect(await topThree()).toEqual(['waiting-500', 'waiting-0', 'waiting-1']);
    await page.getByRole('heading', { name: 'waiting-500' }).waitFor();
    await screenshot(page, 'web-first-page-1000');

    releaseList();
    await until(async () => (await page.title()) === '(1000) HITL Broker', 'the whole list');
    expect(await topThree()).toEqual(['waiting-500', 'waiting-0', 'waiting-1']);
    expect(await page.getByRole('heading', { name: 'waiting-500' }).count()).toBe(1);
  });
});
