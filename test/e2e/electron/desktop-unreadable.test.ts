/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../web/harness';
import { startDesktopViews } from './desktop-views-harness';

const web = useBrowser();

function report(h: Awaited<ReturnType<typeof startDesktopViews>>): void {
  h.broker.unreadable.report({
    id: 'file:/home/me/.clarity-hitl/deploy_prod.question',
    source: 'clarity-file',
    origin: '/home/me/.clarity-hitl/deploy_prod.question',
    field: 'timestamp',
    reason:
      'deploy_prod.question has invalid fields: timestamp: must be a time: milliseconds or seconds since 1970, or an ISO 8601 date',
  });
}

describe('desktop: "could not read" items over IPC', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`main window lists them and dismisses through the IPC router (${colorScheme})`, async () => {
      const page = await web.newPage({ viewport: { width: 1100, height: 640 }, colorScheme });
      const h = await startDesktopViews(page, web.rendererDir);
      web.onCleanup(() => h.close());
      report(h);
      h.broker.add({ source: 'clarity-file', key: 'a..b', prompt: 'Rename **a..b**?' });
      await page.goto(`${h.url}#`);
      const region = page.getByRole('region', { name: 'Could not read (1)' });
      await region.waitFor();
      expect(await region.innerText()).toMatch(/deploy_prod\.question[\s\S]*Field:\s*timestamp/);
      await screenshot(page, `desktop-unreadable-${colorScheme}`);
      await page.getByRole('button', { name: /Dismiss the could-not-read item/ }).click();
      await region.waitFor({ state: 'detached' });
      expect(h.invoked.map((c) => c.channel)).toContain('unreadable:dismiss');
      expect(h.broker.unreadable.list()).toEqual([]);
    });
  }

  it('the popover counts them and opens the main window', async () => {
    const page = await web.newPage({ viewport: { width: 420, height: 360 }, colorScheme: 'light' });
    const h = await startDesktopViews(page, web.rendererDir);
    web.onCleanup(() => h.close());
    await page.goto(`${h.url}popover.html#popover`);
    await page.getByText('All clear — nothing is waiting for you.').waitFor();
    report(h);
    const banner = page.getByRole('button', { name: '⚠ 1 could not be read — see the inbox' });
    await banner.waitFor();
    await page.getByText('Nothing is pending.').waitFor();
    await screenshot(page, 'desktop-popover-unreadable');
    await banner.click();
    expect(h.calls.openInWindow).toEqual([null]);
    h.broker.unreadable.clear('file:/home/me/.clarity-hitl/deploy_prod.question');
    await banner.waitFor({ state: 'detached' });
  });
});
