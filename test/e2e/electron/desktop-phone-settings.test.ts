import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser } from '../web/harness';
import { startDesktopViews } from './desktop-views-harness';

const web = useBrowser();

describe('desktop settings: Phone (rendered in Chromium)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: public URL, ntfy and Telegram saved through the IPC router; the pairing QR code and the paired phones below`, async () => {
      const page = await web.newPage({
        viewport: { width: 900, height: 1000 },
        colorScheme: scheme,
      });
      const h = await startDesktopViews(page, web.rendererDir);
      web.onCleanup(async () => {
        await page.context().close();
        await h.close();
      });
      await page.goto(`${h.url}#settings`);
      const group = page.getByRole('group', { name: 'Phone: away from the desk' });
      await until(() => group.isVisible(), 'the Phone section');
      await group.getByLabel('Public URL').fill('https://laptop.tailnet.ts.net');
      await group
        .getByLabel('ntfy server and topic')
        .fill('https://ntfy.example.org/hitl-3f9c2a71');
      await group.getByLabel('ntfy token file').fill('/home/me/.config/hitl/ntfy-token');
      await group.scrollIntoViewIfNeeded();
      await screenshot(page, `desktop-settings-phone-${scheme}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await until(() => page.getByText('Saved.').isVisible(), 'saved');
      expect(h.settings.get().phone).toMatchObject({
        publicUrl: 'https://laptop.tailnet.ts.net',
        ntfyUrl: 'https://ntfy.example.org/hitl-3f9c2a71',
        ntfyTokenFile: '/home/me/.config/hitl/ntfy-token',
      });
      // A value the service would refuse is refused here, naming the field.
      await group.getByLabel('ntfy token file').fill('relative/token');
      await page.getByRole('button', { name: 'Save' }).click();
      await until(() => page.getByRole('alert').isVisible(), 'the refusal');
      expect(await page.getByRole('alert').textContent()).toMatch(/ntfyTokenFile/);

      await page.getByRole('button', { name: 'Show a pairing code' }).click();
      const qr = page.getByRole('img', { name: 'QR code of the one-time pairing link' });
      await until(() => qr.isVisible(), 'the QR code');
      await qr.scrollIntoViewIfNeeded();
      await screenshot(page, `desktop-settings-pairing-${scheme}`);
      expect(await page.getByText('No phone is paired.').isVisible()).toBe(true);
    });
  }
});
