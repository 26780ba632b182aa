import { mkdir, rename, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from './harness';

const web = useBrowser();

// A handshake dir replaced while watched was only in GET /api/info: the operator never saw it.
describe('a handshake dir lost while watched, in the web inbox', () => {
  it('shows a banner naming the dir and the reason; screenshots light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { harness, page } = await web.openInbox({ open: true, colorScheme });
      await writeFile(
        join(harness.dir, 'deploy.question'),
        JSON.stringify({ key: 'deploy', question: 'Ship it?', timestamp: Date.now() }),
      );
      await page.getByRole('heading', { name: 'deploy' }).waitFor();
      const elsewhere = join(dirname(harness.dir), 'elsewhere');
      await mkdir(elsewhere);
      await rename(harness.dir, join(dirname(harness.dir), 'moved-away'));
      await symlink(elsewhere, harness.dir);

      const region = page.getByRole('region', { name: /Handshake directory no longer watched/ });
      await region.waitFor({ timeout: 15_000 });
      const text = await region.innerText();
      expect(text).toContain(harness.dir);
      // The broker may look between the rename and the symlink: either reason names the dir.
      expect(text).toMatch(
        new RegExp(
          `${harness.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} was (replaced by a symbolic link|removed or moved away); it is no longer used`,
        ),
      );
      expect(text).toContain('add it again in the settings');
      await screenshot(page, `dir-problems-${colorScheme}`);
    }
  });
});
