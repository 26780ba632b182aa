import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();

async function post(
  harness: BrokerHarness,
  path: string,
  signal: AbortSignal | undefined,
  body: unknown,
): Promise<Response> {
  return fetch(new URL(path, harness.url), {
    signal,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A Clarity HTTP-mode question (optionally from a runtime pid, with the runtime's timeout). */
async function ask(
  harness: BrokerHarness,
  key: string,
  extra: { question?: string; pid?: number; timeout_sec?: number; timestamp?: number } = {},
): Promise<void> {
  const res = await post(harness, '/questions', undefined, {
    key,
    question: `Question ${key}?`,
    ...extra,
  });
  expect(res.status).toBe(200);
}

const list = (page: Page) => page.getByRole('listbox', { name: 'Pending requests' });
const rowKeys = async (page: Page) => list(page).locator('.row-key').allTextContents();

describe('urgency: deadlines, countdowns, order', () => {
  it('puts the soonest deadline first, counts down, turns urgent near the end and says when one expired', async () => {
    const { harness, page } = await web.openInbox();
    await ask(harness, 'no-deadline', { timestamp: Date.now() - 125_000 });
    await ask(harness, 'later', { timeout_sec: 3600 });
    await ask(harness, 'soon', { timeout_sec: 64, pid: 4242 });
    await ask(harness, 'short', {
      timeout_sec: 4,
      pid: 77,
      question: 'Rotate the keys?\n\nDetails.',
    });
    await page.goto(harness.url);
    await list(page).getByRole('option').nth(3).waitFor();
    expect(await rowKeys(page)).toEqual(['short', 'soon', 'later', 'no-deadline']);
    // The card of the first (most urgent) request is open, with its countdown.
    await page.getByRole('heading', { name: 'short' }).waitFor();
    // Age is always visible; the oldest has waited two minutes.
    const ages = await list(page).locator('.row-age').allTextContents();
    expect(ages).toHaveLength(4);
    expect(ages[3]).toBe('2m');

    const countdown = (key: string) =>
      list(page)
        .getByRole('option', { name: new RegExp(`^${key}`) })
        .locator('.countdown');
    expect(await countdown('later').getAttribute('aria-label')).toMatch(/^Expires in 59 min$/);
    expect(await countdown('later').textContent()).toMatch(/^59 min left$/);
    expect(await countdown('no-deadline').count()).toBe(0);
    // 64 s: not urgent yet; under a minute left it is (class + words for screen readers).
    expect(await countdown('soon').getAttribute('data-urgent')).toBeNull();
    await until(
      async () => (await countdown('soon').getAttribute('aria-label'))?.startsWith('Urgent:'),
      'the 64 s request turning urgent',
    );
    expect(await countdown('soon').getAttribute('class')).toContain('urgent');
    expect(await list(page).getByRole('option', { name: /^soon/ }).getAttribute('class')).toContain(
      'urgent',
    );
    await screenshot(page, 'urgency-countdown');

    // The 4 s request expires and leaves with a notice saying so.
    await page
      .getByRole('status')
      .getByText('“short” expired after 4 s, agent pid 77: Rotate the keys?')
      .waitFor();
    expect(await rowKeys(page)).toEqual(['soon', 'later', 'no-deadline']);
    expect(harness.broker.get(harness.broker.resolved().at(-1)!.id)?.status).toBe('expired');
  });

  it('switches order (oldest / newest first) and remembers it across reloads', async () => {
    const { harness, page } = await web.openInbox();
    const now = Date.now();
    await ask(harness, 'a-oldest', { timestamp: now - 30_000 });
    await ask(harness, 'b-middle', { timestamp: now - 20_000, timeout_sec: 3600 });
    await ask(harness, 'c-newest', { timestamp: now - 10_000 });
    await page.goto(harness.url);
    await list(page).getByRole('option').nth(2).waitFor();
    expect(await rowKeys(page)).toEqual(['b-middle', 'a-oldest', 'c-newest']);
    await page.getByLabel('Order').selectOption({ label: 'Oldest first' });
    expect(await rowKeys(page)).toEqual(['a-oldest', 'b-middle', 'c-newest']);
    await page.getByLabel('Order').selectOption({ label: 'Newest first' });
    expect(await rowKeys(page)).toEqual(['c-newest', 'b-middle', 'a-oldest']);
    await page.reload();
    await list(page).getByRole('option').nth(2).waitFor();
    expect(await page.getByLabel('Order').inputValue()).toBe('newest');
    expect(await rowKeys(page)).toEqual(['c-newest', 'b-middle', 'a-oldest']);
  });
});

describe('triage at 1,000 pending', () => {
  it('searches, filters, groups, selects with keys and clicks, and denies/cancels many with one reason', async () => {
    const { harness, page } = await web.openInbox();
    const now = Date.now();
    // 995 Clarity HTTP questions from five runtimes (pid 101..105), every tenth with a deadline,
    // and five held Tool Server Lite calls (their agent hears the cancel reason in its reply).
    const keys = Array.from({ length: 995 }, (_, i) => `q-${String(i).padStart(3, '0')}`);
    for (let i = 0; i < keys.length; i += 25) {
      await Promise.all(
        keys.slice(i, i + 25).map((key, j) =>
          ask(harness, key, {
            pid: 101 + ((i + j) % 5),
            timestamp: now - (1000 - i - j) * 1000,
            ...((i + j) % 10 === 0 ? { timeout_sec: 3600 + i + j } : {}),
          }),
        ),
      );
    }
    // Should the test fail early, the held calls end with it (the broker closes after this).
    web.onCleanup(() => {
      for (const r of harness.broker.pending())
        if (r.source === 'tool-server-lite') harness.broker.cancel(r.id, { reason: 'test over' });
    });
    const held = Array.from({ length: 5 }, (_, i) =>
      post(harness, '/api/tool/execute', undefined, {
        task_id: '/work/project',
        tool_name: 'human_in_loop',
        params: { hil_id: `HIL-${i}`, instruction: `Sign off release ${i}`, timeout: 7200 },
      }).then((r) => r.json() as Promise<{ data: { output: string } }>),
    );
    await until(() => harness.broker.pendingCount === 1000, '1,000 pending');

    await page.goto(harness.url);
    // Soonest deadline first (q-000 has the shortest timeout), the rest oldest first after them.
    await page.getByRole('heading', { name: 'q-000' }).waitFor();
    expect(await page.title()).toBe('(1000) HITL Broker');
    const search = page.getByLabel('Search pending requests');
    const status = page.locator('.triage');
    await status.getByText('1000 pending').waitFor();
    const rendered = await list(page).getByRole('option').count();
    expect(rendered).toBeLessThan(100); // virtualised

    // Search by key, by text, by agent.
    await page.keyboard.press('/');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('q-123');
    await status.getByText('1 of 1000 shown').waitFor();
    await search.fill('Sign off release');
    await status.getByText('5 of 1000 shown').waitFor();
    await search.fill('pid 102');
    await status.getByText('199 of 1000 shown').waitFor();
    await search.fill('');
    // Filters: protocol, agent, urgency.
    await page.getByLabel('Protocol').selectOption('tool-server-lite');
    await status.getByText('5 of 1000 shown').waitFor();
    await page.getByLabel('Protocol').selectOption('');
    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'pid 103' });
    await status.getByText('199 of 1000 shown').waitFor();
    await page.getByLabel('Agent', { exact: true }).selectOption('');
    await page.getByLabel('Urgency').selectOption({ label: 'Has a deadline' });
    await status.getByText('105 of 1000 shown').waitFor(); // 100 Clarity + 5 tool-server deadlines
    await page.getByLabel('Urgency').selectOption({ label: 'No deadline' });
    await status.getByText('895 of 1000 shown').waitFor();
    await page.getByLabel('Urgency').selectOption('');
    // Group by agent: a header per runtime.
    await page.getByLabel('Group by agent').check();
    // The first group is q-000's runtime (the soonest deadline), 199 requests under one header.
    const firstHeader = list(page).locator('.group-header').first();
    await firstHeader.waitFor();
    expect(await firstHeader.textContent()).toMatch(/^pid 101.*199$/);
    expect(await list(page).locator('.group-header').count()).toBe(1); // the rest is virtualised
    await page.getByLabel('Group by agent').uncheck();

    // Keyboard: x ticks the open request, j moves, x ticks the next.
    await list(page).focus();
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await status.getByText('2 selected', { exact: false }).waitFor();
    await page.keyboard.press('x'); // untick
    await status.getByText('1 selected', { exact: false }).waitFor();
    // Ctrl+click ticks, Shift+click ticks the range from the last ticked one.
    const options = list(page).getByRole('option');
    await options.nth(3).click({ modifiers: ['Control'] });
    await options.nth(6).click({ modifiers: ['Shift'] });
    await status.getByText('5 selected', { exact: false }).waitFor(); // 0, 3, 4, 5, 6
    expect(await options.nth(5).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Clear selection' }).click();

    // Pick everything from pid 104 (Shift+X on the filtered list) plus the five tool-server
    // calls ("Select all shown"), then deny/cancel them in one dialog with one reason.
    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'pid 104' });
    await status.getByText('199 of 1000 shown').waitFor();
    await list(page).focus();
    await page.keyboard.press('Shift+X');
    await page.getByLabel('Agent', { exact: true }).selectOption('');
    await page.getByLabel('Protocol').selectOption('tool-server-lite');
    await page.getByRole('button', { name: 'Select all shown' }).click();
    await status.getByText('204 selected', { exact: false }).waitFor();
    await page.getByLabel('Protocol').selectOption('');
    // Esc keeps them (and the selection); the dialog opens again.
    await page.getByRole('button', { name: 'Deny or cancel…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deny or cancel 204 requests' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(harness.broker.pendingCount).toBe(1000);
    await status.getByText('204 selected', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Deny or cancel…' }).click();
    await dialog.waitFor();
    const reason = dialog.getByLabel('Reason (sent to each agent)');
    expect(await reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await reason.fill('Out of scope for this sprint');
    await screenshot(page, 'triage-bulk-dialog');
    // One of them is answered elsewhere meanwhile: the dialog acts on the 203 still pending.
    const q003 = harness.broker.pending().find((r) => r.key === 'q-003')!;
    expect(q003.agent?.id).toBe('pid:104');
    harness.broker.answer(q003.id, { text: 'done in the terminal' }, 'cli');
    const dialog203 = page.getByRole('dialog', { name: 'Deny or cancel 203 requests' });
    await dialog203.waitFor();
    // Notices last 6 s: checked now, not after the bulk cancel (slow on a loaded machine).
    await page.getByText('“q-003” was answered elsewhere.').waitFor();
    expect(await dialog203.getByLabel('Reason (sent to each agent)').inputValue()).toBe(
      'Out of scope for this sprint',
    );
    await dialog203.getByLabel('Reason (sent to each agent)').press('Enter');
    await dialog203.waitFor({ state: 'detached' });
    await until(() => harness.broker.pendingCount === 796, '203 cancelled, 1 answered elsewhere');
    await status.getByText('Denied or cancelled 203 requests.').waitFor();
    expect(await page.title()).toBe('(796) HITL Broker');
    // One summary, not 203 notices: the only notice (if it has not timed out yet) is q-003's.
    const notices = await page.locator('.notice').allTextContents();
    expect(notices.length).toBeLessThanOrEqual(1);
    for (const notice of notices) expect(notice).toContain('“q-003” was answered elsewhere.');

    // Each agent got the reason: the held tool-server calls returned it, the Clarity ones keep it.
    for (const reply of await Promise.all(held)) {
      expect(reply.data.output).toBe('用户取消操作: Out of scope for this sprint');
    }
    const cancelled = harness.broker.resolved().filter((r) => r.status === 'cancelled');
    expect(cancelled).toHaveLength(203);
    expect(new Set(cancelled.map((r) => r.cancelReason))).toEqual(
      new Set(['Out of scope for this sprint']),
    );
    expect(
      cancelled.filter((r) => r.source === 'clarity-http').every((r) => r.agent?.id === 'pid:104'),
    ).toBe(true);

    // History finds them by the cancel reason.
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByLabel('Search history').fill('out of scope');
    await until(
      async () => (await page.locator('.history-item').count()) === 200,
      'history matches (the view shows 200)',
    );
    await page.getByLabel('Search history').fill('no such reason');
    await page.getByText('Nothing matches “no such reason”.').waitFor();
  });

  it('looks right at 420, 800 and 1280 px, light and dark, with urgent, selected and grouped rows', async () => {
    const harness = await web.startBroker();
    const now = Date.now();
    for (let i = 0; i < 1000; i += 1) {
      harness.broker.add({
        source: i % 4 ? 'clarity-http' : 'mcp',
        key: `deploy-step-${i}`,
        prompt: `Proceed with step ${i} of the rollout?`,
        agent: { id: `agent-${i % 3}`, name: ['claude', 'codex', 'gemini'][i % 3]! },
        createdAt: now - (1000 - i) * 5000,
        ...(i % 50 === 0 ? { expiresAt: now + (i < 100 ? 40_000 : 3_600_000 + i) } : {}),
      });
    }
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [420, 800, 1280]) {
        const page = await web.newPage({ viewport: { width, height: 800 }, colorScheme });
        await page.goto(harness.url);
        await page.getByRole('heading', { name: 'deploy-step-0' }).waitFor();
        await list(page).focus();
        await page.keyboard.press('x');
        await page.keyboard.press('j');
        await page.keyboard.press('x');
        if (width === 1280) await page.getByLabel('Group by agent').check();
        await screenshot(page, `triage-${width}-${colorScheme}`);
        // The list column (toolbar included) never scrolls sideways.
        expect(
          await page.locator('.list-column').evaluate((el) => el.scrollWidth - el.clientWidth),
          `horizontal overflow at ${width} px`,
        ).toBe(0);
        await page.context().close();
      }
    }
    // 简体中文: the same toolbar, in words an operator reads.
    const page = await web.newPage({ viewport: { width: 800, height: 800 }, locale: 'zh-CN' });
    await page.goto(harness.url);
    await page.getByRole('heading', { name: 'deploy-step-0' }).waitFor();
    await page.getByLabel('搜索待处理请求').fill('claude');
    await page.locator('.triage-count').getByText('显示 334 / 1000').waitFor();
    expect(await page.getByLabel('排序').inputValue()).toBe('urgent');
    await screenshot(page, 'triage-800-zh');
  });
});
