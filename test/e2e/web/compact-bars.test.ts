/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { NewRequest } from '@contract/request';
import { horizontalOverflow, seriousAxeFindings } from './a11y';
import { screenshot, useBrowser } from './harness';

const web = useBrowser();

const COMMAND =
  'npm run build && npm test -- --run && git add -A && git commit -m "cart: totals" && git push --force origin feature/cart';

/** A Claude Code permission request as the hook adapter makes it. */
const approval: NewRequest = {
  source: 'claude-code',
  key: 'shop-1a2b3c4d/Bash-abc123',
  agent: { id: 'shop-1a2b3c4d', name: 'shop · 1a2b3c4d', runtime: 'Claude Code' },
  title: `Bash: ${COMMAND.slice(0, 79)}…`,
  prompt: [
    '**Claude Code** in `shop · 1a2b3c4d` wants to run a command:',
    '```sh\n' + COMMAND + '\n```',
    '_Project_ `/home/op/src/shop` · _session_ `1a2b3c4d-5e6f-7a8b`',
  ].join('\n\n'),
  input: {
    kind: 'approval',
    tool: 'Bash',
    command: COMMAND,
    rule: { command: COMMAND },
    scopes: [{ kind: 'exact', scope: { command: COMMAND }, allows: [COMMAND] }],
  },
  expiresAt: Date.now() + 3_600_000,
};

const others: NewRequest[] = [1, 2, 3, 4].map((i) => ({
  source: 'tool-server-lite',
  key: `step-${i}`,
  title: `Go on with step ${i}?`,
  prompt: `Step ${i} is ready.`,
  input: { kind: 'confirm' },
  createdAt: Date.now() - i * 60_000,
}));

/** Height of the first element matching `selector`. */
const height = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.getBoundingClientRect().height ?? 0, selector);

/** Whether the element is wholly inside the viewport, nothing scrolled. */
async function wholeInView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    const scrolled = window.scrollY + (document.querySelector('.main')?.scrollTop ?? 0);
    return scrolled === 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);
}

const cases = [
  ...[390, 420, 1280].flatMap((width) =>
    (['light', 'dark'] as const).map((scheme) => ({ width, scheme, locale: 'en-US' })),
  ),
  { width: 420, scheme: 'light' as const, locale: 'zh-CN' },
  { width: 420, scheme: 'dark' as const, locale: 'zh-CN' },
];

describe('the header and the filter bar take one row each (390, 420, 1280 px; light, dark; zh-CN)', () => {
  for (const { width, scheme, locale } of cases) {
    it(`${width} px ${scheme} ${locale}: the chosen approval's whole command and its buttons show unscrolled`, async () => {
      const { harness, page } = await web.openInbox({
        viewport: { width, height: 800 },
        colorScheme: scheme,
        locale,
        bypassCSP: true,
      });
      for (const request of others) harness.broker.add(request);
      const chosen = harness.broker.add({ ...approval, createdAt: Date.now() - 3_600_000 });
      await page.goto(harness.url);
      await page.locator(`#row-${chosen.id}`).click();
      await page.getByRole('heading', { level: 2, name: /Bash/ }).waitFor();
      await page.waitForFunction(() => !document.querySelector('.markdown-loading'));
      const tag = `${width}-${scheme}-${locale}`;
      await screenshot(page, `compact-bars-${tag}`);
      // One row each: a bar of buttons and fields is under 60 px tall.
      expect(await height(page, '.topbar'), 'header').toBeLessThan(60);
      expect(await height(page, '.triage'), 'filter bar').toBeLessThan(60);
      // The command whole (wrapped, nothing scrolled sideways) and the answer buttons in view.
      expect(await wholeInView(page, '.detail pre')).toBe(true);
      expect(
        await page.evaluate(() => {
          const pre = document.querySelector('.detail pre')!;
          return pre.scrollWidth <= pre.clientWidth + 1 ? pre.textContent : 'scrolls sideways';
        }),
      ).toContain('git push --force origin feature/cart');
      expect(await wholeInView(page, '.detail .actions')).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeFindings(page)).toEqual([]);
      if (width > 720) return;

      // Narrow: the filters and the preferences open from their buttons, labelled, axe clean.
      const filters = page.locator('.triage-more-toggle');
      await filters.click();
      expect(await filters.getAttribute('aria-expanded')).toBe('true');
      await page.locator('.triage-more select').first().waitFor();
      await screenshot(page, `compact-filters-${tag}`);
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await filters.click();
      const more = page.locator('.header-menu-toggle');
      expect(await more.getAttribute('aria-label')).toMatch(/theme|主题/);
      await more.click();
      await page.locator('.header-menu .prefs select').first().waitFor();
      await screenshot(page, `compact-menu-${tag}`);
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.keyboard.press('Escape');
      await page.locator('.header-menu .prefs').waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.className)).toContain(
        'header-menu-toggle',
      );
    });
  }
});
