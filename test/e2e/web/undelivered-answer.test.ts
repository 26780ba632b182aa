import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser } from './harness';

const web = useBrowser();

// An answer the broker could not write used to vanish from the inbox as if delivered.
describe('an answer not yet delivered, in the web inbox', () => {
  it('shows it as a could-not-read item with the reason until the retry lands; light and dark', async () => {
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
      harness.broker.answer(request!.id, { text: 'yes' }, 'ui', { authority: 'operator' });
      const region = page.getByRole('region', { name: /Could not read/ });
      await region.waitFor({ timeout: 10_000 });
      const text = await region.innerText();
      expect(text).toContain(answerPath);
      expect(text).toMatch(/deploy\.answer answered, not yet delivered: .*; retrying/);
      await screenshot(page, `undelivered-answer-${colorScheme}`);

      await rmdir(answerPath);
      // The directory itself was an item too ("is not a regular file"): only the delivery's goes.
      await until(
        async () => !/not yet delivered/.test(await page.locator('body').innerText()),
        'the item to go once delivered',
      );
      expect(await readFile(answerPath, 'utf8')).toBe('yes');
    }
  });
});
