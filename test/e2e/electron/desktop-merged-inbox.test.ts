/// <reference lib="dom" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import { screenshot, until, useBrowser } from '../web/harness';
import { startDesktopViews } from './desktop-views-harness';

const web = useBrowser();

describe('desktop: a remote broker in the one inbox (rendered in Chromium)', () => {
  it('lists its request labelled, marks it disconnected while the broker is away (draft kept), answers it once back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hitl-merged-'));
    let remote: BrokerService = await startBrokerService({
      port: 0,
      stateDir: dir,
      dirs: [],
      rendererDir: null,
    });
    web.onCleanup(async () => {
      await remote.close();
      await rm(dir, { recursive: true, force: true });
    });
    const asked = remote.broker.add({
      source: 'clarity-http',
      key: 'release-notes',
      prompt: 'Which title for the release notes?',
    });
    const page = await web.newPage({ viewport: { width: 1100, height: 760 } });
    const h = await startDesktopViews(page, web.rendererDir);
    web.onCleanup(() => h.close());
    h.broker.add({ source: 'clarity-file', key: 'local-q', prompt: 'A local question?' });

    await page.goto(`${h.url}#settings`);
    await page.getByLabel('Name', { exact: true }).fill('build-vm');
    await page.getByLabel('URL', { exact: true }).fill(remote.url);
    // Following another broker's inbox takes its operator's credential (a named operator token in
    // team mode; here that broker's operator secret), not an agent's token.
    await page.getByLabel('Token', { exact: true }).fill(remote.server.context.operatorSecret);
    await page.getByRole('button', { name: 'Add broker' }).click();
    await until(
      async () => (await page.getByText('connected', { exact: true }).count()) === 1,
      'connected',
    );

    // The main window, opened after the broker was added (a new document, as a new window is).
    await page.goto(`${h.url}#`);
    await page.reload();
    const row = page.locator('.row-where', { hasText: 'build-vm' });
    await until(async () => (await row.count()) === 1, 'the remote request, labelled');
    expect(await page.getByText('A local question?').count()).toBeGreaterThan(0);
    await page.getByText('Which title for the release notes?').first().click();
    const field = page.getByRole('textbox', { name: /answer/i }).first();
    await field.fill('Faster start-up');

    // The remote broker goes away: its request stays, marked; the draft stays; no notice.
    const port = remote.port;
    await remote.close();
    await until(
      async () => (await page.locator('.row-where.disconnected').count()) === 1,
      'marked disconnected',
      15_000,
    );
    expect(await page.locator('.row-where.disconnected').textContent()).toContain('offline');
    expect(await page.locator('.meta .where').textContent()).toContain('reconnecting');
    expect(await field.inputValue()).toBe('Faster start-up');
    expect(await page.locator('.notice').count()).toBe(0);
    await screenshot(page, 'desktop-merged-inbox-disconnected');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'desktop-merged-inbox-disconnected-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // It comes back by itself on the same port; the answer goes there.
    remote = await startBrokerService({ port, stateDir: dir, dirs: [], rendererDir: null });
    await until(
      async () =>
        (await page.locator('.row-where.disconnected').count()) === 0 && (await row.count()) === 1,
      'reconnected',
      20_000,
    );
    expect(await field.inputValue()).toBe('Faster start-up');
    await screenshot(page, 'desktop-merged-inbox');
    await page.getByRole('button', { name: 'Send' }).first().click();
    await until(async () => remote.broker.resolved().length === 1, 'answered on the remote broker');
    expect(remote.broker.resolved()[0]).toMatchObject({
      id: asked.id,
      answer: { text: 'Faster start-up' },
    });
    expect(h.broker.pending().map((r) => r.key)).toEqual(['local-q']);
  });
});
