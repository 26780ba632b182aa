import { describe, expect, it } from 'vitest';
import { seriousAxeFindings } from './a11y';
import { screenshot, useBrowser } from './harness';

const web = useBrowser();

/** A coding session's "finished" item, as the Stop hook makes it. */
const FINISHED = {
  source: 'claude-code',
  key: 'shop-1a2b/finished-01',
  agent: { id: 'shop-1a2b', name: 'shop · 1a2b', runtime: 'Claude Code' },
  title: 'Finished: all tests pass',
  prompt: '**Claude Code** in `shop · 1a2b` finished its turn:\n\n> All tests pass.',
  input: { kind: 'notice', session: 'finished' },
} as const;

describe('which events notify, in the web inbox (real Chromium)', () => {
  for (const [width, scheme] of [
    [1280, 'light'],
    [1280, 'dark'],
    [390, 'light'],
    [390, 'dark'],
  ] as const) {
    it(`${width} px ${scheme}: the ▾ beside Notify me opens the choice (questions always), kept in this browser`, async () => {
      const { harness, page } = await web.openInbox({
        viewport: { width, height: 800 },
        colorScheme: scheme,
        bypassCSP: true, // for axe's script tag
      });
      harness.broker.add(FINISHED);
      await page.goto(harness.url);
      await page.getByRole('option', { name: /Finished: all tests pass/ }).waitFor();
      const toggle = page.getByRole('button', { name: 'Which events notify' });
      // The top bar's preferences load after the first card; on a narrow window they may fold
      // behind a menu button.
      const theme = page.getByLabel('Theme', { exact: true });
      await theme.waitFor({ state: 'attached' });
      if (!(await toggle.isVisible()))
        await page.getByRole('button', { name: /theme, language/ }).click();
      await toggle.click();
      const group = page.getByRole('group', { name: 'Notify about' });
      await group.waitFor();
      const questions = group.getByRole('checkbox', { name: 'Questions and approvals (always)' });
      expect([await questions.isChecked(), await questions.isDisabled()]).toEqual([true, true]);
      const finished = group.getByRole('checkbox', { name: 'A coding session finished its turn' });
      // Focus starts on the first choice the operator can change.
      await expect.poll(() => finished.evaluate((e) => e === document.activeElement)).toBe(true);
      expect(await finished.isChecked()).toBe(true);
      await finished.uncheck();
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `notify-events-web-${width}-${scheme}`);
      await page.keyboard.press('Escape');
      // Escape closes the panel and gives focus back to ▾ (on a narrow window the folded menu
      // holding it closes with it).
      await expect.poll(() => group.isVisible()).toBe(false);
      if (await toggle.isVisible())
        expect(await toggle.evaluate((e) => e === document.activeElement)).toBe(true);
      const stored = await page.evaluate(() => localStorage.getItem('hitl.attention.v1'));
      expect(JSON.parse(stored!).events).toEqual({ finished: false, failed: true, waiting: true });
      await page.reload();
      await page.getByRole('option', { name: /Finished: all tests pass/ }).waitFor();
      await theme.waitFor({ state: 'attached' });
      if (!(await toggle.isVisible()))
        await page.getByRole('button', { name: /theme, language/ }).click();
      await toggle.click();
      expect(await finished.isChecked()).toBe(false);
      expect(
        await group.getByRole('checkbox', { name: 'A coding session failed' }).isChecked(),
      ).toBe(true);
      // A click elsewhere closes it too.
      await page.mouse.click(5, 790);
      await group.waitFor({ state: 'detached' });
    });
  }
});
