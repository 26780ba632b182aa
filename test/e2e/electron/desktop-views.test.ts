/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser } from '../web/harness';
import { startDesktopViews, type DesktopViewsHarness } from './desktop-views-harness';

const web = useBrowser();
let page: Page;
let h: DesktopViewsHarness;

beforeEach(async () => {
  page = await web.newPage({ viewport: { width: 420, height: 360 }, colorScheme: 'light' });
  h = await startDesktopViews(page, web.rendererDir);
  // The page first: its open connections would otherwise keep the server's close waiting.
  const [opened, views] = [page, h];
  web.onCleanup(async () => {
    await opened.context().close();
    await views.close();
  });
});

const title = () => page.locator('#popover-title').textContent();

function seed() {
  const now = Date.now();
  const text = h.broker.add({
    source: 'cueme',
    key: 'commit-msg',
    title: 'Commit message?',
    agent: { id: 'a1', name: 'Claude (shop-api)' },
    prompt:
      'I staged **3 files**. Which commit message should I use?\n\n- `fix: rounding in totals`',
    createdAt: now - 120_000,
  });
  const confirm = h.broker.add({
    source: 'tool-server-lite',
    key: 'deploy-prod',
    title: 'Deploy to production?',
    prompt: 'All checks passed on `main`. Deploy **v2.3.1** now?',
    input: { kind: 'confirm', confirmLabel: 'Deploy', cancelLabel: 'Hold' },
    createdAt: now - 60_000,
  });
  const choice = h.broker.add({
    source: 'questfoundry',
    key: 'db-choice',
    title: 'Which database?',
    prompt: 'Pick the database for the cache layer.',
    input: {
      kind: 'choice',
      options: [
        { value: 'A', label: 'SQLite' },
        { value: 'B', label: 'Postgres' },
        { value: 'C', label: 'Redis' },
      ],
      recommended: 'C',
    },
    createdAt: now - 30_000,
  });
  return { text, confirm, choice };
}

describe('desktop popover (rendered in Chromium, real IPC router behind window.hitl)', () => {
  it('opens on the oldest request; type + Enter answers, Y approves, a digit picks, then all clear', async () => {
    const { text, confirm, choice } = seed();
    await page.goto(`${h.url}popover.html#popover`);
    await until(async () => (await title()) === 'Commit message?', 'the oldest request');
    await expect.poll(() => page.locator('.popover-count').textContent()).toBe('1 of 3');
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.activeElement?.getAttribute('data-answer-focus') !== null &&
            document.activeElement?.tagName,
        ),
      )
      .toBe('INPUT');
    await screenshot(page, 'desktop-popover-text');

    await page.keyboard.type('fix: rounding in totals');
    await page.keyboard.press('Enter');
    await until(() => h.broker.get(text.id)?.status === 'answered', 'the text answer');
    expect(h.broker.get(text.id)?.answer?.text).toBe('fix: rounding in totals');

    await until(async () => (await title()) === 'Deploy to production?', 'the confirm request');
    await screenshot(page, 'desktop-popover-confirm');
    await page.keyboard.press('y');
    await until(() => h.broker.get(confirm.id)?.status === 'answered', 'the approval');
    expect(h.broker.get(confirm.id)?.answer?.value).toEqual({ kind: 'confirm', confirmed: true });

    await until(async () => (await title()) === 'Which database?', 'the choice request');
    await screenshot(page, 'desktop-popover-choice');
    await page.keyboard.press('c');
    await until(() => h.broker.get(choice.id)?.status === 'answered', 'the pick');
    expect(h.broker.get(choice.id)?.answer?.value).toEqual({ kind: 'choice', selected: ['C'] });

    await until(() => page.locator('.popover-empty').isVisible(), 'the empty state');
    await screenshot(page, 'desktop-popover-empty');
  });

  it('Enter on an empty line is the empty approval; arrows move; Esc hides; O opens in the window', async () => {
    const { text, confirm } = seed();
    await page.goto(`${h.url}popover.html#popover`);
    await until(async () => (await title()) === 'Commit message?', 'the oldest request');
    await page.keyboard.press('ArrowDown');
    await until(async () => (await title()) === 'Deploy to production?', 'moved down');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await until(async () => (await title()) === 'Which database?', 'wrapped to the last');
    await page.keyboard.press('o');
    expect(h.calls.openInWindow).toEqual([h.broker.pending()[2]!.id]);
    await page.keyboard.press('Escape');
    await until(() => h.calls.hide === 1, 'hide');
    await page.keyboard.press('ArrowDown');
    await until(async () => (await title()) === 'Commit message?', 'wrapped to the first');
    await page.keyboard.press('Enter');
    await until(() => h.broker.get(text.id)?.status === 'answered', 'the empty approval');
    expect(h.broker.get(text.id)?.answer?.text).toBe('');
    expect(h.broker.get(confirm.id)?.status).toBe('pending');
  });

  it('shows the request the main process asks for, and moves on when it is answered elsewhere', async () => {
    const { confirm, choice } = seed();
    await page.goto(`${h.url}popover.html#popover`);
    await until(async () => (await title()) === 'Commit message?', 'the oldest request');
    await h.emit('popover:show-request', { id: choice.id });
    await until(async () => (await title()) === 'Which database?', 'the clicked request');
    h.broker.answer(choice.id, { text: 'Redis' }, 'cli');
    await until(
      async () => (await title()) !== 'Which database?',
      'moved off the resolved request',
    );
    await until(
      () =>
        page
          .getByText(/answered elsewhere|elsewhere/i)
          .first()
          .isVisible(),
      'the answered-elsewhere notice',
    );
    await screenshot(page, 'desktop-popover-answered-elsewhere');
    expect(h.broker.get(confirm.id)?.status).toBe('pending');
  });

  it('renders dark and in Chinese when the settings say so', async () => {
    seed();
    h.settings.update({ theme: 'dark', language: 'zh-CN' });
    await page.goto(`${h.url}popover.html#popover`);
    await until(async () => (await title()) === 'Commit message?', 'the oldest request');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-theme')))
      .toBe('dark');
    await expect.poll(() => page.locator('.popover-count').textContent()).toBe('第 1 / 3 条');
    await screenshot(page, 'desktop-popover-dark-zh');
  });
});

describe('desktop settings view (rendered in Chromium)', () => {
  it('shows every setting, saves through the IPC router, and shows its error naming the field', async () => {
    await page.setViewportSize({ width: 900, height: 760 });
    await page.goto(`${h.url}#settings`);
    await until(() => page.getByLabel('HTTP port').isVisible(), 'the settings form');
    await screenshot(page, 'desktop-settings');

    await page
      .getByLabel('Handshake directories')
      .fill('/work/a/.clarity-hitl\n/work/b/.clarity-hitl');
    await page.getByLabel('Do not disturb').check();
    await page.getByLabel('History size (resolved requests kept)').fill('250');
    const store = page.getByLabel('Request store (team mode)');
    await store.fill('postgres://alice:s3cret@db.internal/hitl');
    await store.blur();
    // Shown with the password as dots when not being edited; saved as typed.
    expect(await store.inputValue()).toBe('postgres://alice:••••@db.internal/hitl');
    await page.getByRole('button', { name: 'Save' }).click();
    await until(() => page.getByText('Saved.').isVisible(), 'saved');
    expect(h.settings.get()).toMatchObject({
      handshakeDirs: ['/work/a/.clarity-hitl', '/work/b/.clarity-hitl'],
      doNotDisturb: true,
      historySize: 250,
      store: 'postgres://alice:s3cret@db.internal/hitl',
    });
    expect(await page.content()).not.toContain('s3cret');
    await store.focus();
    expect(await store.inputValue()).toBe('postgres://alice:s3cret@db.internal/hitl');
    await store.blur();

    await page.getByLabel('HTTP port').fill('99999');
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert');
    await until(() => alert.isVisible(), 'the error');
    expect(await alert.textContent()).toMatch(/port/);
    expect(h.settings.get().port).toBe(7842);
    await screenshot(page, 'desktop-settings-error');
  });

  it('automatic updates are on by default and can be turned off', async () => {
    await page.setViewportSize({ width: 900, height: 760 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${h.url}#settings`);
    const updates = page.getByLabel(/Download updates in the background/);
    await until(() => updates.isVisible(), 'the update setting');
    expect(await updates.isChecked()).toBe(true);
    await updates.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await until(() => h.settings.get().autoUpdate === false, 'autoUpdate saved');
    await screenshot(page, 'desktop-settings-updates-off-dark');
  });
});

describe('desktop main window (rendered in Chromium)', () => {
  it('selects the request main asks for, and reaches the settings from ⚙', async () => {
    await page.setViewportSize({ width: 1100, height: 700 });
    const { choice } = seed();
    await page.goto(`${h.url}#`);
    await until(() => page.locator(`#row-${choice.id}`).isVisible(), 'the inbox list');
    await h.emit('window:show-request', { id: choice.id });
    await until(
      async () =>
        (await page.locator(`#row-${choice.id}`).getAttribute('aria-selected')) === 'true',
      'the row selected',
    );
    // The card follows the list once the request's full check has loaded (after the first paint).
    await until(
      () => page.locator(`article.card[data-request-id="${choice.id}"]`).isVisible(),
      'the card of the selected request',
    );
    await screenshot(page, 'desktop-main-window');
    await page.getByRole('button', { name: 'Settings' }).click();
    await until(() => page.getByLabel('HTTP port').isVisible(), 'the settings view');
    await page.getByRole('button', { name: 'Back to inbox' }).click();
    await until(() => page.locator(`#row-${choice.id}`).isVisible(), 'back in the inbox');
  });
});

describe('desktop views with a long inbox', () => {
  function bulk(count: number) {
    const now = Date.now();
    for (let i = 0; i < count; i++)
      h.broker.add({
        source: 'clarity-http',
        key: `bulk-${i}`,
        prompt: `Question ${i}?`,
        createdAt: now - i * 1000, // bulk-0 is the newest
      });
  }

  it('the main window paints the top of the inbox order over IPC, then holds all of them', async () => {
    await page.setViewportSize({ width: 1100, height: 700 });
    bulk(1_000);
    await page.goto(`${h.url}#`);
    // Oldest first (no deadlines): once the whole list is in, the card is the oldest request.
    await page.getByRole('heading', { name: 'bulk-999' }).waitFor();
    await until(async () => (await page.title()) === '(1000) HITL Broker', 'the whole count');
    const lists = h.invoked.filter((call) => call.channel === 'inbox:list-pending');
    // The page first, the whole list once after it (React's development build, which these
    // tests run, mounts twice in StrictMode, so the page may be asked for twice).
    const payloads = lists.map((call) => JSON.stringify(call.payload));
    expect(payloads.at(-1)).toBe('{}');
    expect(payloads.slice(0, -1).length).toBeGreaterThan(0);
    expect(new Set(payloads.slice(0, -1))).toEqual(new Set(['{"limit":200,"order":"urgent"}']));
  });

  it('the popover gets the whole list at once and opens on the oldest request', async () => {
    bulk(1_000);
    await page.goto(`${h.url}popover.html#popover`);
    await until(async () => (await title())?.includes('bulk-999') ?? false, 'the oldest request');
    const lists = h.invoked.filter((call) => call.channel === 'inbox:list-pending');
    // The early card's request came written into the page (as the app's app:// handler serves
    // it): the only lists asked for over IPC are the app's whole list.
    expect(lists.length).toBeGreaterThan(0);
    for (const call of lists) expect(call.payload).toEqual({});
  });
});

describe('the popover’s cold open (its page as the app’s app:// handler serves it)', () => {
  it('the first card comes with the page: focused, dark and in Chinese as set, with no IPC before it; Y answers it and the app takes over', async () => {
    h.settings.update({ language: 'zh-CN', theme: 'dark' });
    const now = Date.now();
    const first = h.broker.add({
      source: 'tool-server-lite',
      key: 'deploy',
      title: 'Deploy to production?',
      prompt: 'All checks passed.',
      input: { kind: 'confirm' },
      createdAt: now - 60_000,
    });
    h.broker.add({ source: 'clarity-http', key: 'next', title: 'Next one?', prompt: 'q' });
    // Notes every bridge call, and what the page was like when focus first landed in a card.
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      const calls: string[] = [];
      const bridge = w.hitl as Record<string, (...a: unknown[]) => unknown>;
      w.hitl = Object.freeze(
        Object.fromEntries(
          Object.entries(bridge).map(([name, f]) => [
            name,
            (...a: unknown[]) => (calls.push(name), f(...a)),
          ]),
        ),
      );
      document.addEventListener(
        'focusin',
        (event) => {
          const target = event.target as HTMLElement;
          if (w.__firstFocus || !target.closest('.popover-card')) return;
          w.__firstFocus = {
            early: target.closest('.early-card') !== null,
            text: target.textContent,
            theme: document.documentElement.dataset.theme,
            calls: [...calls],
          };
        },
        true,
      );
    });
    await page.goto(`${h.url}popover.html#popover`);
    await until(
      () => page.evaluate(() => (window as unknown as { __firstFocus?: unknown }).__firstFocus),
      'focus in the first card',
    );
    expect(
      await page.evaluate(() => (window as unknown as { __firstFocus: unknown }).__firstFocus),
    ).toEqual({ early: true, text: '确认', theme: 'dark', calls: [] });
    await page.keyboard.press('y');
    await until(() => h.broker.get(first.id)?.status === 'answered', 'the answer');
    expect(h.broker.get(first.id)?.answer?.value).toEqual({ kind: 'confirm', confirmed: true });
    await until(async () => (await title())?.includes('Next one?') ?? false, 'the app, next');
    expect(await page.locator('.early-card').count()).toBe(0);
    await screenshot(page, 'desktop-popover-cold-open-dark-zh');
  });
});

describe('desktop settings take effect live', () => {
  it('switching the language in the settings re-renders the popover in it', async () => {
    seed();
    await page.goto(`${h.url}popover.html#popover`);
    await until(
      async () => (await page.locator('.popover-count').textContent()) === '1 of 3',
      'English',
    );
    h.settings.update({ language: 'zh-CN' });
    await until(
      async () => (await page.locator('.popover-count').textContent()) === '第 1 / 3 条',
      'Chinese',
    );
    h.settings.update({ theme: 'dark' });
    await until(
      () => page.evaluate(() => document.documentElement.getAttribute('data-theme') === 'dark'),
      'dark theme',
    );
  });
});
