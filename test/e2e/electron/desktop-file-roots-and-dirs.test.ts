/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser } from '../web/harness';
import { startDesktopViews, type DesktopViewsHarness } from './desktop-views-harness';

const web = useBrowser();
let page: Page;
let h: DesktopViewsHarness;

beforeEach(async () => {
  page = await web.newPage({ viewport: { width: 900, height: 900 }, colorScheme: 'light' });
  h = await startDesktopViews(page, web.rendererDir);
  web.onCleanup(() => h.close());
});

// fileRoots was a setting with no field: the operator could not choose the file_pick roots.
describe('desktop settings: file-pick folders', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`edits fileRoots one per line, saved through IPC; a relative path is refused naming it (${colorScheme})`, async () => {
      await page.emulateMedia({ colorScheme });
      await page.goto(`${h.url}#settings`);
      const roots = page.getByLabel('Folders agents may offer for file picks');
      await until(() => roots.isVisible(), 'the file-roots field');
      expect(await roots.inputValue()).toBe('');
      expect(await roots.getAttribute('placeholder')).toContain('any non-hidden folder');

      await roots.fill('  /home/me/projects  \n\n/srv/shared/very/long/path/' + 'deep/'.repeat(20));
      await page.getByRole('button', { name: 'Save' }).click();
      await until(() => page.getByText('Saved.').isVisible(), 'saved');
      expect(h.settings.get().fileRoots).toEqual([
        '/home/me/projects',
        '/srv/shared/very/long/path/' + 'deep/'.repeat(20),
      ]);
      await screenshot(page, `desktop-settings-file-roots-${colorScheme}`);

      await roots.fill('/home/me/projects\nrelative/dir');
      await page.getByRole('button', { name: 'Save' }).click();
      const alert = page.getByRole('alert');
      await until(() => alert.isVisible(), 'the error');
      expect(await alert.textContent()).toMatch(/fileRoots.*absolute path/);
      expect(h.settings.get().fileRoots).toHaveLength(2);
    });
  }
});

// A handshake dir replaced while running was only in /api/info: the desktop window never showed it.
describe('desktop main window: a lost handshake dir', () => {
  it('shows the dir and the reason from inbox:info', async () => {
    const dir = '/home/me/work/.clarity-hitl';
    h.dirProblems.push({
      dir,
      message: `${dir} was replaced by a symbolic link; it is no longer used`,
      at: Date.now(),
    });
    await page.goto(`${h.url}#`);
    const region = page.getByRole('region', {
      name: /Handshake directory no longer watched \(1\)/,
    });
    await until(() => region.isVisible(), 'the lost-dir banner');
    expect(await region.innerText()).toContain(`${dir} was replaced by a symbolic link`);
    expect(h.invoked.some((call) => call.channel === 'inbox:info')).toBe(true);
    await screenshot(page, 'desktop-main-window-dir-problems');
  });
});
