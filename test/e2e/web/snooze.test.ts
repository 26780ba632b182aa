/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { NewRequest } from '@contract/request';
import { seriousAxeFindings } from './a11y';
import { screenshot, useBrowser } from './harness';

const web = useBrowser();

const deploy: NewRequest = {
  source: 'tool-server-lite',
  key: 'deploy',
  title: 'Deploy v2 to staging?',
  prompt: 'The build is green.',
  input: { kind: 'confirm' },
};
const notes: NewRequest = {
  source: 'cueme',
  key: 'notes',
  title: 'Which release notes should go out with v2?',
  prompt: 'The draft is in `docs/notes.md`.',
  input: { kind: 'text' },
};

describe('snooze in real Chromium at 390, 420 and 1280 px, light and dark', () => {
  for (const width of [390, 420, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${width} px ${scheme}: S, 2 snoozes for an hour, kept across a reload, Unsnooze brings it back`, async () => {
        const { harness, page } = await web.openInbox({
          viewport: { width, height: 800 },
          colorScheme: scheme,
          // For axe's script tag.
          bypassCSP: true,
        });
        harness.broker.add(deploy);
        harness.broker.add(notes);
        await page.goto(harness.url);
        await page.getByRole('option', { name: /Deploy v2/ }).click();
        await page.getByRole('heading', { level: 2, name: /Deploy v2/ }).waitFor();
        await page.keyboard.press('Escape');
        await page.keyboard.press('s');
        const dialog = page.getByRole('dialog', { name: 'Snooze until…' });
        await dialog.waitFor();
        expect(await seriousAxeFindings(page)).toEqual([]);
        await screenshot(page, `snooze-dialog-${width}-${scheme}`);
        await page.keyboard.press('2');
        await page.getByRole('heading', { level: 2, name: /Which release notes/ }).waitFor();
        expect(await page.getByRole('option', { name: /Deploy v2/ }).count()).toBe(0);
        // Kept in this browser: still snoozed after a reload.
        await page.reload();
        await page.getByRole('heading', { level: 2, name: /Which release notes/ }).waitFor();
        const toggle = page.getByRole('button', { name: '1 snoozed' });
        await toggle.click();
        await page
          .getByRole('list', { name: 'Snoozed requests' })
          .getByText(/Deploy v2/)
          .waitFor();
        expect(await seriousAxeFindings(page)).toEqual([]);
        await screenshot(page, `snooze-list-${width}-${scheme}`);
        expect(harness.broker.pending().map((r) => r.key)).toContain('deploy');
        await page.getByRole('button', { name: 'Unsnooze' }).click();
        await page.getByRole('option', { name: /Deploy v2/ }).waitFor();
      });
    }
  }
});
