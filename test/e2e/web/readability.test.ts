/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { NewRequest } from '@contract/request';
import { screenshot, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();

const COMMAND =
  'npm run build && npm test -- --run && git add -A && git commit -m "cart: totals" && git push --force origin feature/cart';

/** A Claude Code permission request as the hook adapter makes it (prompt, title, approval). */
const approval: NewRequest = {
  source: 'claude-code',
  key: 'shop-1a2b3c4d/Bash-abc123',
  agent: {
    id: 'shop-1a2b3c4d',
    name: 'shop · 1a2b3c4d',
    runtime: 'Claude Code',
    projectDir: '/home/op/src/shop',
  },
  title: `Bash: ${COMMAND.slice(0, 79)}…`,
  prompt: [
    '**Claude Code** in `shop · 1a2b3c4d` wants to run a command:',
    '```sh\n' + COMMAND + '\n```',
    '> Build, test and push the cart fix',
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

const risky: NewRequest = {
  source: 'tool-server-lite',
  key: 'c-wipe',
  title: 'Wipe the staging database?',
  prompt: 'Drops every table of `staging` and reloads the fixtures.',
  input: { kind: 'confirm', danger: true },
  expiresAt: Date.now() + 7_200_000,
};

const cue: NewRequest = {
  source: 'cueme',
  key: 'cue-1',
  title: 'Which release notes should go out with v2?',
  prompt: 'Which release notes should go out with v2?\n\nThe draft is in `docs/notes.md`.',
  input: { kind: 'text' },
};

/** Whether any code block or the approval's command scrolls sideways (hidden text). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.detail pre, .detail code, .approval-command')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent?.slice(0, 40)),
  );

/** How many rows of the list show (their tops inside the list's box). */
const rowTop = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.getBoundingClientRect().height ?? 0, selector);

async function open(h: BrokerHarness, page: Page, title: string): Promise<void> {
  await page.goto(h.url);
  await page
    .getByRole('option', { name: new RegExp(title) })
    .first()
    .click();
  await page.getByRole('heading', { level: 2, name: new RegExp(title) }).waitFor();
  // Markdown renders a moment after the first paint: measure what the operator ends up seeing.
  await page.waitForFunction(() => !document.querySelector('.markdown-loading'));
}

describe('readability at 390, 420 and 1280 px, light and dark', () => {
  for (const width of [390, 420, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${width} px ${scheme}: whole commands wrap, header and filter bar stay compact`, async () => {
        const { harness, page } = await web.openInbox({
          viewport: { width, height: 800 },
          colorScheme: scheme,
        });
        harness.broker.add(approval);
        harness.broker.add(risky);
        harness.broker.add(cue);
        await open(harness, page, 'Bash');
        expect(await sidewaysScroll(page)).toEqual([]);
        // The whole command is on screen somewhere in the card, its end included.
        expect(await page.locator('.detail').innerText()).toContain(
          'git push --force origin feature/cart',
        );
        await screenshot(page, `readable-approval-${width}-${scheme}`);
        if (width >= 1280) {
          expect(await rowTop(page, '.topbar')).toBeLessThan(60);
          expect(await rowTop(page, '.triage')).toBeLessThan(60);
        }
        await open(harness, page, 'Wipe the staging');
        await screenshot(page, `readable-risky-${width}-${scheme}`);
        await page.keyboard.press('Escape');
        await page.keyboard.press('y');
        await page.locator('[data-danger-confirm]:focus').waitFor();
        await screenshot(page, `readable-risky-y-${width}-${scheme}`);
        await open(harness, page, 'Which release notes');
        await screenshot(page, `readable-cue-${width}-${scheme}`);
      });
    }
  }

  it('zh-CN at 420 px: the hook card’s own words are Chinese (the command as the agent sent it)', async () => {
    const { harness, page } = await web.openInbox({
      viewport: { width: 420, height: 800 },
      locale: 'zh-CN',
    });
    harness.broker.add(approval);
    await open(harness, page, 'Bash');
    const card = page.locator('.detail article');
    await card.getByText('想要运行命令').waitFor();
    const text = await card.innerText();
    expect(text).toContain('项目');
    expect(text).not.toMatch(/wants to|Project|session/);
    expect(text).toContain('git push --force origin feature/cart');
    await screenshot(page, 'readable-approval-420-zh');
  });

  for (const width of [390, 420, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${width} px ${scheme}: the undo toast after N, and its setting in the ? overlay`, async () => {
        const { harness, page } = await web.openInbox({
          viewport: { width, height: 800 },
          colorScheme: scheme,
        });
        const denied = harness.broker.add(approval);
        harness.broker.add(cue);
        await open(harness, page, 'Bash');
        await page.keyboard.press('Escape');
        await page.keyboard.press('n');
        const toast = page.locator('.undo-toast');
        await toast.getByText(/Answer to “Bash: .*” goes in \d s/).waitFor();
        expect(harness.broker.get(denied.id)?.status).toBe('pending');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        await screenshot(page, `undo-toast-${width}-${scheme}`);
        await page.keyboard.press('?');
        await page.getByRole('combobox', { name: /Undo window/ }).waitFor();
        await screenshot(page, `undo-setting-${width}-${scheme}`);
        await page.keyboard.press('Escape');
        await page.keyboard.press('u');
        await toast.waitFor({ state: 'detached' });
        await page.getByRole('heading', { level: 2, name: /Bash/ }).waitFor();
        expect(harness.broker.get(denied.id)?.status).toBe('pending');
      });
    }
  }
});
