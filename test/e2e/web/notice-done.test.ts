/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { NewRequest } from '@contract/request';
import { seriousAxeFindings } from './a11y';
import { screenshot, until, useBrowser } from './harness';

const web = useBrowser();

const finished: NewRequest = {
  source: 'claude-code',
  key: 'shop-1a2b3c4d/stop',
  agent: { id: 'shop-1a2b3c4d', name: 'shop · 1a2b3c4d', runtime: 'Claude Code' },
  title: 'shop · 1a2b3c4d finished its turn',
  prompt: 'Pushed the cart fix to `feature/cart`; CI is green.',
  input: { kind: 'notice', session: 'finished' },
};

describe('mark a notice done in real Chromium at 390, 420 and 1280 px, light and dark', () => {
  for (const width of [390, 420, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${width} px ${scheme}: Mark done (no Cancel request…); E marks it done`, async () => {
        const { harness, page } = await web.openInbox({
          viewport: { width, height: 800 },
          colorScheme: scheme,
          bypassCSP: true,
        });
        const notice = harness.broker.add(finished);
        await page.goto(harness.url);
        await page.getByRole('button', { name: 'Mark done' }).waitFor();
        expect(await page.getByRole('button', { name: 'Cancel request…' }).count()).toBe(0);
        expect(await seriousAxeFindings(page)).toEqual([]);
        await screenshot(page, `notice-done-${width}-${scheme}`);
        await page.keyboard.press('e');
        await until(
          () => harness.broker.get(notice.id)?.status === 'cancelled' || undefined,
          'the notice resolved',
        );
        expect(harness.broker.get(notice.id)?.cancelReason).toBe('Marked done');
      });
    }
  }
});
