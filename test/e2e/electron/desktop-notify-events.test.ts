import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser } from '../web/harness';
import { startDesktopViews } from './desktop-views-harness';

const web = useBrowser();

describe('desktop settings: which events notify (rendered in Chromium)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: questions always; finished, failed and waiting saved through the IPC router; greyed while notifications are off`, async () => {
      const page = await web.newPage({
        viewport: { width: 900, height: 1000 },
        colorScheme: scheme,
      });
      const h = await startDesktopViews(page, web.rendererDir);
      web.onCleanup(async () => {
        await page.context().close();
        await h.close();
      });
      await page.goto(`${h.url}#settings`);
      const group = page.getByRole('group', { name: 'Notify about' });
      await until(() => group.isVisible(), 'the notify-about group');
      const box = (name: string) => group.getByRole('checkbox', { name });
      expect(await box('Questions and approvals (always)').isDisabled()).toBe(true);
      await box('A coding session failed').uncheck();
      await box('An agent waiting in its own terminal (idle)').uncheck();
      await group.scrollIntoViewIfNeeded();
      await screenshot(page, `desktop-settings-notify-events-${scheme}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await until(() => page.getByText('Saved.').isVisible(), 'saved');
      expect(h.settings.get().notifyEvents).toEqual({
        finished: true,
        failed: false,
        waiting: false,
      });
      await page.getByLabel('Show a notification for each new request').uncheck();
      expect(await box('A coding session finished its turn').isDisabled()).toBe(true);
    });
  }
});
