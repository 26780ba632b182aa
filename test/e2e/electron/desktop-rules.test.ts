/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser } from '../web/harness';
import { startDesktopViews } from './desktop-views-harness';

const web = useBrowser();

describe('desktop settings: always-allow rules over IPC (rendered in Chromium)', () => {
  it('lists the rules below the settings form and revokes one through rules:revoke', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await web.newPage({ viewport: { width: 900, height: 1100 }, colorScheme });
      const h = await startDesktopViews(page, web.rendererDir);
      web.onCleanup(() => h.close());
      const kept = h.rules.add({
        agent: 'claude-code',
        tool: 'Bash',
        project: '/home/dev/shop-api',
        commandPrefix: 'npm test',
      });
      const gone = h.rules.add({
        agent: 'codex',
        tool: 'Edit',
        project: '/home/dev/web',
        pathGlob: 'src/**',
      });
      await page.goto(`${h.url}#settings`);
      const list = page.getByRole('list', { name: 'Always-allow rules' });
      await until(async () => (await list.getByRole('listitem').count()) === 2, 'two rules');
      await screenshot(page, `desktop-settings-rules-${colorScheme}`);
      await list.getByRole('button', { name: `Revoke ${gone.id}` }).click();
      await until(async () => (await list.getByRole('listitem').count()) === 1, 'one rule left');
      expect(h.rules.list().map((r) => r.id)).toEqual([kept.id]);
      expect(h.invoked.map((c) => c.channel)).toContain('rules:revoke');
    }
  });
});
