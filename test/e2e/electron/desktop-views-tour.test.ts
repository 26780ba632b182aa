/// <reference lib="dom" />
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DecisionEvent } from '../../../main/adapters/coding-agents/hook-event';
import { approvalRequest } from '../../../main/adapters/coding-agents/hook-request';
import { hookEvent } from '../../support/hook-fixtures';
import { horizontalOverflow, seriousAxeFindings } from '../web/a11y';
import { SCREENSHOT_DIR, screenshot, until, useBrowser } from '../web/harness';
import { startDesktopViews, type DesktopViewsHarness } from './desktop-views-harness';

const web = useBrowser();

const COMMAND =
  'npm run build && npm test -- --run --reporter=verbose && git add -A && git commit -m "cart: round totals to cents" && git push --force-with-lease origin feature/cart-rounding';

/** The desktop views in Chromium at `viewport`, with the scheme and the app's language set. */
async function open(
  viewport: { width: number; height: number },
  scheme: 'light' | 'dark',
  zh: boolean,
): Promise<{ page: Page; h: DesktopViewsHarness }> {
  const page = await web.newPage({ viewport, colorScheme: scheme, bypassCSP: true });
  const h = await startDesktopViews(page, web.rendererDir);
  web.onCleanup(async () => {
    await page.context().close();
    await h.close();
  });
  if (zh) h.settings.update({ language: 'zh-CN' });
  return { page, h };
}

/** The whole page in viewport-high parts (`name-1.png`, `name-2.png`, ...), to be looked at. */
async function shootParts(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize()!;
  const total = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, part = 1; y < total; y += height, part++) {
    const clip = { x: 0, y, width, height: Math.min(height, total - y) };
    const file = path.join(SCREENSHOT_DIR, `${name}-${part}.png`);
    await page.screenshot({ path: file, fullPage: true, clip });
  }
}

/** No sideways scroll, nothing serious for axe, and the picture (the whole page when `full`). */
async function check(page: Page, name: string, full = false): Promise<void> {
  if (full) await shootParts(page, name);
  else await screenshot(page, name);
  expect(await horizontalOverflow(page), `${name}: sideways scroll`).toBeLessThanOrEqual(0);
  expect(await seriousAxeFindings(page), name).toEqual([]);
}

const looks = [
  { scheme: 'light' as const, zh: false },
  { scheme: 'dark' as const, zh: false },
  { scheme: 'light' as const, zh: true },
  { scheme: 'dark' as const, zh: true },
];

describe('the desktop main window at its default 1100 px', () => {
  it('keeps the header and the filter bar to one row each, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, h } = await open({ width: 1100, height: 760 }, scheme, false);
      h.broker.add({ source: 'cueme', key: 'q1', prompt: 'Ship v1.2 today?' });
      await page.goto(`${h.url}#`);
      await page.locator('.detail article').waitFor();
      await check(page, `tour-main-window-1100-${scheme}`);
      for (const bar of ['.topbar', '.triage'])
        expect(
          await page.locator(bar).evaluate((el) => el.getBoundingClientRect().height),
          bar,
        ).toBeLessThan(60);
    }
  });
});

describe('the desktop views, looked at (light, dark, zh-CN)', () => {
  for (const { scheme, zh } of looks) {
    const tag = `${scheme}${zh ? '-zh' : ''}`;
    it(`popover ${tag}: a long approval's whole command wraps; Deny looks chosen; a question`, async () => {
      const { page, h } = await open({ width: 420, height: 360 }, scheme, zh);
      const event = hookEvent('claude-bash', {
        tool_input: { command: COMMAND, description: 'Build, test and push the cart fix' },
      }) as DecisionEvent;
      h.broker.add({
        ...approvalRequest('claude-code', event).request,
        createdAt: Date.now() - 9e4,
      });
      h.broker.add({
        source: 'cueme',
        key: 'notes',
        title: 'Which of the three drafts of the v2.0 release notes should go out on Monday?',
        prompt:
          'I wrote three drafts: `docs/notes-short.md`, `docs/notes-long.md` and `docs/notes-story.md`.',
      });
      await page.goto(`${h.url}#popover`);
      await page.locator('#popover-title').waitFor();
      await check(page, `tour-popover-approval-${tag}`);
      // Enter presses Deny (the safe default): it has the focus, and it alone looks chosen.
      const looks = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const others = [...(focused.parentElement?.querySelectorAll('button') ?? [])].filter(
          (b) => b !== focused,
        );
        const bg = (el: Element) => getComputedStyle(el).backgroundColor;
        return { text: focused.textContent, alone: others.every((b) => bg(b) !== bg(focused)) };
      });
      expect(looks).toEqual({ text: zh ? '拒绝' : 'Deny', alone: true });
      // The whole command is readable (wrapped, nothing scrolled sideways), to its end.
      const text = await page.locator('.popover').innerText();
      expect(text.replace(/\s+/g, ' ')).toContain('origin feature/cart-rounding');
      // The card is the one scroller: no part of the command is hidden in a box of its own.
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.popover-card *')]
            .filter((el) => el.scrollHeight > el.clientHeight + 1 && el.querySelector('pre, code'))
            .map((el) => el.className),
        ),
      ).toEqual([]);
      // It opened at its top: the title and the command's start, above the focused Deny.
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('*')]
            .filter((el) => el.scrollTop > 0)
            .map((el) => el.className),
        ),
      ).toEqual([]);
      await screenshot(page, `tour-popover-approval-top-${tag}`);
      await page
        .locator('.popover pre, .popover .approval-command')
        .last()
        .scrollIntoViewIfNeeded();
      await check(page, `tour-popover-approval-end-${tag}`);
      await page.keyboard.press('ArrowDown');
      await until(
        async () => (await page.locator('#popover-title').textContent())?.includes('drafts'),
        'the question',
      );
      await check(page, `tour-popover-question-${tag}`);
    });

    it(`settings ${tag}: every section, at 1100 and 420 px`, async () => {
      const { page, h } = await open({ width: 1100, height: 760 }, scheme, zh);
      await page.goto(`${h.url}#settings`);
      await page.locator('.settings-phone').waitFor();
      await check(page, `tour-settings-1100-${tag}`, true);
      await page.setViewportSize({ width: 420, height: 760 });
      await check(page, `tour-settings-420-${tag}`, true);
    });
  }
});
