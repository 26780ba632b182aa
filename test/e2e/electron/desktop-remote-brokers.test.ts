/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { screenshot, until, useBrowser } from '../web/harness';
import { startDesktopViews } from './desktop-views-harness';

const web = useBrowser();

describe('desktop settings: remote brokers over IPC (rendered in Chromium)', () => {
  it('adds a broker by URL + token, says the token lasts the session without a keychain, removes it', async () => {
    const page = await web.newPage({ viewport: { width: 900, height: 1300 } });
    const h = await startDesktopViews(page, web.rendererDir);
    web.onCleanup(() => h.close());
    await page.goto(`${h.url}#settings`);
    await page.getByLabel('Name', { exact: true }).fill('build-vm');
    await page.getByLabel('URL', { exact: true }).fill('http://10.0.0.7:7842/');
    await page.getByLabel('Token', { exact: true }).fill('tok-e2e-secret');
    await page.getByRole('button', { name: 'Add broker' }).click();
    await until(
      async () => (await page.getByText('http://10.0.0.7:7842/').count()) === 1,
      'listed',
    );
    expect(await page.getByText('token for this session').count()).toBe(1);
    expect(await page.getByRole('note').textContent()).toMatch(/session only/);
    await screenshot(page, 'desktop-settings-remote-brokers');
    const saved = h.invoked.find((c) => c.channel === 'brokers:save');
    expect(saved?.payload).toMatchObject({ name: 'build-vm', token: 'tok-e2e-secret' });
    expect(await page.content()).not.toContain('tok-e2e-secret');

    await page.getByLabel('URL', { exact: true }).fill('ftp://nope');
    await page.getByLabel('Name', { exact: true }).fill('bad');
    await page.getByRole('button', { name: 'Add broker' }).click();
    await until(async () => (await page.getByRole('alert').count()) > 0, 'the refusal');
    expect(await page.getByRole('alert').first().textContent()).toMatch(/url/i);

    await page.getByRole('button', { name: 'Remove' }).click();
    await until(
      async () => (await page.getByText('http://10.0.0.7:7842/').count()) === 0,
      'removed',
    );
  });
});

describe('desktop settings: brokers given at launch', () => {
  it('lists them for this run, with their connection, no Remove button, and refuses their name for a saved one', async () => {
    const page = await web.newPage({ viewport: { width: 900, height: 1250 }, colorScheme: 'dark' });
    // Nothing listens on port 9 of loopback: the launch broker stays disconnected, retrying.
    const h = await startDesktopViews(page, web.rendererDir, {
      launchRemotes: [{ name: 'lab', url: 'http://127.0.0.1:9/', token: 'tok-launch' }],
    });
    web.onCleanup(() => h.close());
    await page.goto(`${h.url}#settings`);
    const row = page.getByRole('listitem').filter({ hasText: 'lab' });
    await until(async () => (await row.count()) === 1, 'the launch broker listed');
    await until(
      async () => /disconnected, reconnecting/.test((await row.textContent()) ?? ''),
      'its connection state',
    );
    expect(await row.textContent()).toMatch(/for this run \(given at launch\)/);
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await page.content()).not.toContain('tok-launch');

    await page.getByLabel('Name', { exact: true }).fill('lab');
    await page.getByLabel('URL', { exact: true }).fill('http://10.0.0.8:7842/');
    await page.getByRole('button', { name: 'Add broker' }).click();
    await until(async () => (await page.getByRole('alert').count()) > 0, 'the refusal');
    expect(await page.getByRole('alert').first().textContent()).toMatch(
      /name: "lab" is already a broker given at launch/,
    );
    await screenshot(page, 'desktop-settings-launch-broker');
  });
});
