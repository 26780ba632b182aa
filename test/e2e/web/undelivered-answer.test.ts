import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDesktopViews } from '../electron/desktop-views-harness';
import { horizontalOverflow, seriousAxeFindings } from './a11y';
import { screenshot, until, useBrowser } from './harness';

const web = useBrowser();

// An answer the broker could not write used to vanish from the inbox as if delivered.
describe('an answer not yet delivered, in the web inbox and the popover', () => {
  it('the inbox lists it (request, reason, the answer) until the retry lands; light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { harness, page } = await web.openInbox({ open: true, colorScheme });
      await writeFile(
        join(harness.dir, 'deploy.question'),
        JSON.stringify({ key: 'deploy', question: 'Ship it?', timestamp: Date.now() }),
      );
      await page.getByRole('heading', { name: 'deploy' }).waitFor();
      // A real fault whoever runs the test: a directory where the answer file must go (EISDIR).
      const answerPath = join(harness.dir, 'deploy.answer');
      await mkdir(answerPath);
      const [request] = harness.broker.pending();
      harness.broker.answer(request!.id, { text: 'yes, ship it' }, 'ui', {
        authority: 'operator',
      });
      const region = page.getByRole('region', { name: /Answered — not yet delivered \(1\)/ });
      await region.waitFor({ timeout: 10_000 });
      const text = await region.innerText();
      expect(text).toContain('deploy');
      expect(text).toMatch(/answered, not yet delivered: EISDIR.*; retrying/);
      expect(text).toContain('yes, ship it');
      expect(harness.broker.get(request!.id)?.delivery?.state).toBe('retrying');
      await screenshot(page, `undelivered-answer-${colorScheme}`);

      await rmdir(answerPath);
      await until(
        async () => !/not yet delivered/.test(await page.locator('body').innerText()),
        'the item to go once delivered',
      );
      expect(await readFile(answerPath, 'utf8')).toBe('yes, ship it');
      expect(harness.broker.get(request!.id)?.delivery?.state).toBe('delivered');
    }
  });

  it('the popover names it (request, reason, answer) above the next card; light and dark', async () => {
    const page = await web.newPage({ bypassCSP: true, viewport: { width: 420, height: 360 } });
    const h = await startDesktopViews(page, web.rendererDir);
    web.onCleanup(async () => {
      await page.context().close();
      await h.close();
    });
    h.broker.deliveries.expect('clarity-file');
    const asked = h.broker.add({ source: 'clarity-file', key: 'deploy', prompt: 'Ship it?' });
    h.broker.add({
      source: 'clarity-http',
      key: 'next',
      title: 'Merge the release branch?',
      prompt: 'Merge `release/2.4` into main?',
      input: { kind: 'confirm' },
    });
    h.broker.answer(asked.id, { text: 'yes, ship it' }, 'ui', { authority: 'operator' });
    h.broker.deliveries.report(asked.id, {
      state: 'retrying',
      reason: 'ENOSPC: no space left on device',
    });
    await page.goto(`${h.url}#popover`);
    const line = page.locator('button.popover-undelivered');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await line.waitFor();
      await until(() => page.locator('#popover-title').isVisible(), 'the next card');
      expect(await line.innerText()).toBe(
        '⟳ deploy: answered, not yet delivered: ENOSPC: no space left on device; retrying (1 failed) — answer “yes, ship it”',
      );
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `undelivered-popover-${scheme}`);
    }
    h.broker.deliveries.report(asked.id, { state: 'delivered' });
    await line.waitFor({ state: 'detached' });
  });
});
