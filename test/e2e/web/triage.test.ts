import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();

async function post(harness: BrokerHarness, path: string, body: unknown): Promise<Response> {
  return fetch(new URL(path, harness.url), {
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
  const res = await post(harness, '/questions', { key, question: `Question ${key}?`, ...extra });
  expect(res.status).toBe(201);
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
