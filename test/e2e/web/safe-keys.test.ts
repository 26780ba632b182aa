/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HitlRequest, NewRequest } from '@contract/request';
import { screenshot, until, useBrowser, type BrokerHarness } from './harness';

const web = useBrowser();
let harness: BrokerHarness;
let page: Page;

beforeEach(async () => {
  ({ harness, page } = await web.openInbox({ viewport: { width: 1000, height: 700 }, open: true }));
});

async function open(request: NewRequest & { title: string }): Promise<HitlRequest> {
  const added = harness.broker.add(request);
  await page.locator(`article.card[data-request-id="${added.id}"]`).waitFor();
  // Markdown renders a moment after the first paint.
  await page.waitForFunction(() => !document.querySelector('.markdown-loading'));
  return added;
}

const dangerous = (over: Partial<NewRequest> = {}): NewRequest & { title: string } => ({
  source: 'clarity-http',
  key: 'drop-db',
  title: 'Drop the staging database?',
  prompt: 'The migration failed half way. Drop `staging` and start again?',
  input: { kind: 'confirm', danger: true, confirmLabel: 'Drop it', cancelLabel: 'Keep it' },
  ...over,
});

const activeName = () => page.evaluate(() => document.activeElement?.textContent ?? '');
const isPending = (id: string) => harness.broker.get(id)?.status === 'pending';

describe('a dangerous confirm is never approved by a reflex (Chromium)', () => {
  it('Enter, Enter (go to the answer, then a quick second Enter) declines: Decline is the default focus', async () => {
    const r = await open(dangerous());
    await page.keyboard.press('Enter');
    expect(await activeName()).toBe('Keep it');
    await screenshot(page, 'safe-keys-dangerous-default');
    await page.keyboard.press('Enter');
    const done = await harness.broker.waitForResolution(r.id);
    expect(done.answer?.value).toEqual({ kind: 'confirm', confirmed: false });
  });

  it('Y only moves focus to Confirm; Enter right after is refused; a deliberate Enter confirms', async () => {
    const r = await open(dangerous());
    await page.waitForTimeout(800);
    await page.keyboard.press('y');
    expect(await activeName()).toBe('Drop it');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'too soon' }).waitFor();
    expect(isPending(r.id)).toBe(true);
    await screenshot(page, 'safe-keys-too-quick');
    await page.waitForTimeout(800);
    await page.keyboard.press('Enter');
    const done = await harness.broker.waitForResolution(r.id);
    expect(done.answer?.value).toEqual({ kind: 'confirm', confirmed: true });
  });

  it('not while the request is out of sight: a long question must be scrolled to its end first', async () => {
    await page.setViewportSize({ width: 900, height: 520 });
    const long = `Tables to drop:\n\n${Array.from({ length: 60 }, (_, i) => `- \`table_${i}\``).join('\n')}\n\nLast line: this cannot be undone.`;
    const r = await open(dangerous({ key: 'drop-many', title: 'Drop 60 tables?', prompt: long }));
    const question = page.getByRole('region', { name: 'Question' });
    expect(await question.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await page.getByRole('button', { name: 'Drop it' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Scroll through the whole request' })
      .waitFor();
    expect(isPending(r.id)).toBe(true);
    // The question is a focusable region: the keyboard scrolls it to its end.
    await question.focus();
    await page.keyboard.press('End');
    await until(
      () => question.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2),
      'the question scrolled to its end',
    );
    // The end's visibility is seen by an IntersectionObserver, a frame or so after the scroll: a
    // click before it is refused again, as a person's would be; they click once more.
    await until(async () => {
      if (!isPending(r.id) || (await page.getByText(/goes in \d+ s/).count()) > 0) return true;
      await page
        .getByRole('button', { name: 'Drop it' })
        .click({ timeout: 2_000 })
        .catch(() => undefined);
      return false;
    }, 'the confirm accepted once the end was seen');
    const done = await harness.broker.waitForResolution(r.id);
    expect(done.answer?.value).toEqual({ kind: 'confirm', confirmed: true });
  });

  it('an ordinary confirm still answers with one key (Y)', async () => {
    const a = await open({
      source: 'cueme',
      key: 'deploy',
      title: 'Deploy v2?',
      prompt: 'Deploy now?',
      input: { kind: 'confirm', confirmLabel: 'Deploy' },
    });
    await page.keyboard.press('y');
    expect((await harness.broker.waitForResolution(a.id)).answer?.value).toEqual({
      kind: 'confirm',
      confirmed: true,
    });
  });
});
