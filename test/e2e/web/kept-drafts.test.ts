import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from './harness';

const web = useBrowser();

const card = (page: Page, key: string) =>
  page.locator('.detail article').filter({ has: page.getByRole('heading', { name: key }) });

describe('a draft on a request answered elsewhere, then a reload', () => {
  for (const width of [420, 1280]) {
    it(`${width} px: the card comes back after the reload, how it was answered and the draft, until Dismiss`, async () => {
      const { harness, page } = await web.openInbox({ viewport: { width, height: 800 } });
      const other = harness.broker.add({
        source: 'clarity-http',
        key: 'other-one',
        prompt: 'Another question',
        createdAt: Date.now() - 60_000,
      });
      const asked = harness.broker.add({
        source: 'clarity-http',
        key: 'elsewhere',
        prompt: 'Ship it on Friday?',
      });
      await page.goto(harness.url);
      await page.getByRole('option', { name: /elsewhere/ }).click();
      await card(page, 'elsewhere').waitFor();
      await page.getByLabel('Your answer').fill('Not before the tests are green');
      harness.broker.answer(asked.id, { text: 'Yes, ship it' }, 'cli');
      await card(page, 'elsewhere').getByRole('button', { name: 'Dismiss' }).waitFor();

      // The reload, before Dismiss: the draft is in localStorage, and so is its card again.
      await page.reload();
      await page.getByRole('option', { name: /elsewhere/ }).click();
      const held = card(page, 'elsewhere');
      await held.getByText(/^Answered in the terminal/).waitFor();
      expect(await held.locator('.resolved-answer-text').textContent()).toBe('Yes, ship it');
      expect(await held.getByLabel('Your draft (not sent)').inputValue()).toBe(
        'Not before the tests are green',
      );
      await screenshot(page, `kept-draft-after-reload-${width}`);
      await held.getByRole('button', { name: 'Dismiss' }).click();
      await card(page, 'other-one').waitFor();
      // Dismissed for good: not back after another reload.
      await page.reload();
      await card(page, 'other-one').waitFor();
      expect(await page.getByRole('option', { name: /elsewhere/ }).count()).toBe(0);
      expect(harness.broker.get(other.id)?.status).toBe('pending');
    });
  }
});
