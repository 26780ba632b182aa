/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DecisionEvent } from '../../../main/adapters/coding-agents/hook-event';
import { approvalRequest } from '../../../main/adapters/coding-agents/hook-request';
import { hookEvent } from '../../support/hook-fixtures';
import { horizontalOverflow, seriousAxeFindings } from './a11y';
import { screenshot, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();

const COMMAND =
  'npm run build && npm test -- --run --reporter=verbose && git add -A && git commit -m "cart: round totals to cents" && git push --force-with-lease origin feature/cart-rounding';

/** One answered request (the history) and one rule, from before the page opened. */
function seedPast(harness: BrokerHarness): void {
  const done = harness.broker.add({
    source: 'tool-server-lite',
    key: 'done-1',
    title: 'Rename the module to core?',
    prompt: 'The module `lib/util` is used everywhere. Rename it to `core`?',
    input: { kind: 'text' },
  });
  harness.broker.answer(done.id, { text: 'Yes, call it core and update every import' });
  harness.server.context.rules.add({
    agent: 'claude-code',
    tool: 'Bash',
    project: '/home/op/src/shop-api',
    commandPrefix: 'npm test',
  });
}

/** A long approval (the older) and a long question. */
function seed(harness: BrokerHarness): void {
  const event = hookEvent('claude-bash', {
    tool_input: { command: COMMAND, description: 'Build, test and push the cart fix' },
  }) as DecisionEvent;
  const request = approvalRequest('claude-code', event).request;
  harness.broker.add({ ...request, createdAt: Date.now() - 300_000 });
  harness.broker.add({
    source: 'cueme',
    key: 'long-question',
    agent: { id: 'writer-7', name: 'release-notes · writer' },
    title:
      'Which of the three drafts of the v2.0 release notes should go out to the customers on Monday morning?',
    prompt: [
      'I wrote three drafts of the **v2.0 release notes**, each for a different reader:',
      '1. `docs/notes-short.md`: five bullet points, for the changelog page and the newsletter;',
      '2. `docs/notes-long.md`: every change with its migration steps, for the administrators who upgrade self-hosted installs;',
      '3. `docs/notes-story.md`: the story of the release, for the blog.',
      'Which one should go out on Monday, and should the others be linked from it?',
    ].join('\n\n'),
    input: { kind: 'text' },
  });
}

/** The page fits its width (no sideways scroll), axe finds nothing serious, and the picture. */
async function check(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect(await horizontalOverflow(page), `${name}: sideways scroll`).toBeLessThanOrEqual(0);
  expect(await seriousAxeFindings(page), name).toEqual([]);
}

/** Latin words left in a zh-CN view's own labels (the agent's text aside). */
const latinIn = (page: Page, selector: string) =>
  page.evaluate(
    (s) =>
      [...document.querySelectorAll<HTMLElement>(s)]
        .flatMap((el) => el.innerText.match(/[A-Za-z]{3,}/g) ?? [])
        .filter((w) => !['HITL', 'Broker', 'English', 'Enter', 'Shift', 'Ctrl', 'Esc'].includes(w)),
    selector,
  );

const cases = [
  ...[390, 420, 1280].flatMap((width) =>
    (['light', 'dark'] as const).map((scheme) => ({ width, scheme, locale: 'en-US' })),
  ),
  { width: 420, scheme: 'light' as const, locale: 'zh-CN' },
  { width: 420, scheme: 'dark' as const, locale: 'zh-CN' },
];

describe('every view of the web inbox, looked at (390, 420, 1280 px; light, dark; zh-CN)', () => {
  for (const { width, scheme, locale } of cases) {
    const tag = `${width}-${scheme}${locale === 'zh-CN' ? '-zh' : ''}`;
    const zh = locale === 'zh-CN';
    it(`${tag}: empty, approval, scope chooser, question, menu, keys, history, runs, rules, pairing, login`, async () => {
      const { harness, page } = await web.openInbox({
        viewport: { width, height: 800 },
        colorScheme: scheme,
        locale,
        bypassCSP: true,
      });
      seedPast(harness);
      await page.goto(harness.url);
      await page.locator('.empty-state').waitFor();
      await page.locator('.header-menu').waitFor(); // the preferences load after the first paint
      await check(page, `tour-empty-${tag}`);

      seed(harness);
      await page.locator('.request-list [role="option"]').nth(1).waitFor();
      await page.locator('.request-list [role="option"]').first().click();
      await page.locator('.detail .actions').waitFor();
      await check(page, `tour-approval-${tag}`);
      if (width > 720) {
        // The search gets the filter bar's room; Pair a phone and ? look like the buttons they are.
        const searchWidth = await page
          .locator('.triage-search')
          .evaluate((el) => el.getBoundingClientRect().width);
        expect(searchWidth).toBeGreaterThanOrEqual(280);
        for (const button of ['.pair-phone-open', '.key-help-open'])
          expect(
            await page.locator(button).evaluate((el) => getComputedStyle(el).borderTopStyle),
          ).toBe('solid');
      }
      // The approval's default (Enter) button is Deny, and it is the one that looks chosen.
      const deny = page.locator('.detail .actions button').first();
      expect(await deny.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe(
        await page
          .locator('.detail .actions button')
          .nth(1)
          .evaluate((b) => getComputedStyle(b).backgroundColor),
      );
      const hint = page.locator('.keyboard-help');
      await hint.scrollIntoViewIfNeeded();
      await check(page, `tour-approval-end-${tag}`);
      // The key hint is one or two short lines, the whole list behind "?".
      expect(await hint.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(44);
      if (zh) expect(await latinIn(page, '.tabs, .detail .actions, .keyboard-help')).toEqual([]);

      await page.locator('.detail .actions button').nth(2).click();
      await page.getByRole('radiogroup').waitFor();
      await page.getByRole('radiogroup').scrollIntoViewIfNeeded();
      await check(page, `tour-scope-${tag}`);
      // The broker's reason for no wider rule (a chained command) in the operator's language.
      if (zh) expect(await latinIn(page, '.scope-what .hint')).toEqual([]);

      await page.locator('.request-list [role="option"]').nth(1).click();
      await page.locator('.detail textarea').waitFor();
      await check(page, `tour-question-${tag}`);

      if (width <= 720) {
        await page.locator('.header-menu-toggle').click();
        await page.locator('.header-menu .prefs select').first().waitFor();
        await check(page, `tour-menu-${tag}`);
        // Each item of the menu on one line.
        for (const h of await page
          .locator('.header-menu .prefs button')
          .evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().height)))
          expect(h).toBeLessThan(40);
        // Which events notify: the choice opens inside the menu, under Notify me.
        await page.locator('.header-menu .notify-events-toggle').click();
        await page.locator('.header-menu .notify-events').waitFor();
        await check(page, `tour-menu-events-${tag}`);
        await page.keyboard.press('Escape');
        if (await page.locator('.header-menu.open').count()) await page.keyboard.press('Escape');
      }
      await page.keyboard.press('?');
      await page.locator('.key-help').waitFor();
      await check(page, `tour-keys-${tag}`);
      await page.keyboard.press('Escape');

      await page.locator('.tabs button').nth(1).click();
      await page.locator('.history-item').first().waitFor();
      await check(page, `tour-history-${tag}`);

      await page.locator('.tabs button').nth(2).click();
      await page.locator('.runs, .runs-empty').first().waitFor();
      await check(page, `tour-runs-${tag}`);

      await page.locator('.tabs button').nth(3).click();
      await page.locator('.rules li').first().waitFor();
      await check(page, `tour-rules-${tag}`);

      if (width <= 720) await page.locator('.header-menu-toggle').click();
      await page.locator('.prefs button[data-close-menu]').click();
      await page.locator('.pair-phone button').first().click();
      await page.locator('.pair-code').waitFor();
      await check(page, `tour-pairing-${tag}`);

      const login = await web.newPage({
        viewport: { width, height: 800 },
        colorScheme: scheme,
        locale,
        loggedIn: false,
        bypassCSP: true,
      });
      await login.goto(harness.url);
      await login.getByRole('heading').first().waitFor();
      await check(login, `tour-login-${tag}`);
      // The browser's language (Accept-Language): the page a zh-CN browser gets is Chinese.
      expect(await login.getByRole('heading').first().textContent()).toBe(
        zh ? '登录 HITL Broker' : 'Log in to HITL Broker',
      );
    });
  }
});
