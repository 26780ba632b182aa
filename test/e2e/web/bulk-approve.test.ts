/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { NewRequest } from '@contract/request';
import { seriousAxeFindings } from './a11y';
import { screenshot, until, useBrowser } from './harness';

const web = useBrowser();

const bash = (id: string, command: string): NewRequest => ({
  source: 'claude-code',
  key: `shop-1a2b3c4d/Bash-${id}`,
  agent: { id: 'shop-1a2b3c4d', name: 'shop · 1a2b3c4d', runtime: 'Claude Code' },
  title: `Bash: ${command}`,
  prompt: '**Claude Code** wants to run a command:\n\n```sh\n' + command + '\n```',
  input: {
    kind: 'approval',
    tool: 'Bash',
    command,
    rule: { command },
    scopes: [{ kind: 'exact', scope: { command }, allows: [command] }],
  },
});

const LONG =
  'npm run build && npm test -- --run --reporter=verbose packages/cart packages/checkout';

describe('bulk approve and saved filters in real Chromium at 390, 420 and 1280 px, light and dark', () => {
  for (const width of [390, 420, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${width} px ${scheme}: Shift+X, Shift+A lists each whole command; Approve 3 allows them once`, async () => {
        const { harness, page } = await web.openInbox({
          viewport: { width, height: 800 },
          colorScheme: scheme,
          bypassCSP: true,
        });
        harness.broker.add(bash('a', 'npm test'));
        harness.broker.add(bash('b', 'npm run lint'));
        harness.broker.add(bash('c', LONG));
        await page.goto(harness.url);
        await page.getByRole('option', { name: /npm run lint/ }).click();
        await page.keyboard.press('Escape');
        await page.keyboard.press('Shift+X');
        await page.getByText(/3 selected/).waitFor();
        await page.keyboard.press('Shift+A');
        const list = page.getByRole('list', { name: 'What will be approved' });
        await list.waitFor();
        expect(await list.innerText()).toContain('packages/checkout');
        expect(await seriousAxeFindings(page)).toEqual([]);
        await screenshot(page, `bulk-approve-${width}-${scheme}`);
        await page.getByRole('button', { name: 'Approve 3' }).click();
        // All answered: the inbox is empty (the count shows in the toolbar while any remain).
        await until(() => harness.broker.pending().length === 0 || undefined, 'all approved');

        // Saved filters: name a search, clear it, pick it again.
        harness.broker.add(bash('d', 'npm run e2e'));
        // The emptied inbox shows its empty state until the new request's event arrives.
        await page.getByRole('option', { name: /npm run e2e/ }).waitFor();
        await page.getByRole('searchbox').fill('e2e');
        // On a narrow window the saved filters are under the filter bar's Filters button.
        if (width <= 720) await page.getByRole('button', { name: /^Filters/ }).click();
        await page.getByRole('button', { name: 'Save filter…' }).click();
        await page.getByRole('textbox', { name: 'Name' }).fill('End to end');
        await page.keyboard.press('Enter');
        await page.getByRole('button', { name: 'Clear search and filters' }).click();
        await page.getByRole('combobox', { name: 'Saved filters' }).selectOption('End to end');
        expect(await page.getByRole('searchbox').inputValue()).toBe('e2e');
        expect(await seriousAxeFindings(page)).toEqual([]);
        await screenshot(page, `saved-filters-${width}-${scheme}`);
      });
    }
  }
});
