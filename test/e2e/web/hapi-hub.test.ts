import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubBridge } from '../../../main/adapters/hapi/hub-bridge/hub-bridge';
import { HubUrlSchema } from '../../../main/adapters/hapi/hub-bridge/hub-client';
import { HapiCliSession } from '../../support/hapi-cli';
import {
  HAPI_VERSION,
  hapiInstall,
  socketIo,
  startHub,
  type RunningHub,
} from '../../support/hapi-hub';
import { makeTempDir } from '../../support/temp-dir';
import { seriousAxeFindings } from './a11y';
import { screenshot, useBrowser, type BrokerHarness } from './harness';

const install = await hapiInstall();
if ('skip' in install) console.warn(`skipped: the HAPI hub web e2e (${install.skip})`);

const TOKEN = 'hub-e2e-token-0123456789abcdef';
const web = useBrowser();

describe.skipIf('skip' in install)(`a real hapi hub ${HAPI_VERSION} in the web inbox`, () => {
  const { binary, modules } = install as { binary: string; modules: string };
  let home: { path: string; remove: () => Promise<void> };
  let hub: RunningHub;

  beforeAll(async () => {
    home = await makeTempDir('hapi-e2e-home-');
    hub = await startHub(binary, home.path, TOKEN);
  }, 60_000);
  afterAll(async () => {
    await hub?.stop();
    await home?.remove();
  });

  /** The broker follows the hub as `serve --hapi-hub` does (the service's HAPI step). */
  function follow(harness: BrokerHarness): HubBridge {
    const bridge = new HubBridge({
      broker: harness.broker,
      url: HubUrlSchema.parse(hub.url),
      accessToken: TOKEN,
      agentMessages: harness.server.context.agentMessages,
      retryMs: 50,
    });
    web.onCleanup(() => bridge.close());
    return bridge;
  }

  it("a session's Bash request shows under its name; Allow once reaches the hub; one approved in HAPI vanishes", async () => {
    const { harness, page } = await web.openInbox({ open: true, bypassCSP: true });
    await follow(harness).ready;
    const cli = await HapiCliSession.open(
      hub,
      socketIo(modules),
      'Checkout fix',
      '/srv/shop',
      'elsewhere',
    );
    web.onCleanup(() => cli.close());
    await cli.ask('toolu_a', 'Bash', { command: 'git push origin main', description: 'Push' });
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Bash: git push origin main' }) });
    await card.waitFor();
    expect(await card.textContent()).toContain('Checkout fix');
    expect((await card.locator('pre code').first().textContent())?.trim()).toBe(
      'git push origin main',
    );
    expect(await card.getByRole('button', { name: 'Always allow…' }).count()).toBe(0);
    await screenshot(page, 'hapi-hub-bash-light');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await card.getByRole('button', { name: 'Allow once' }).click();
    expect(await cli.nextDecision()).toEqual({
      id: 'toolu_a',
      approved: true,
      decision: 'approved',
    });
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();

    await cli.ask('toolu_b', 'Bash', { command: 'npm publish' });
    const second = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Bash: npm publish' }) });
    await second.waitFor();
    const auth = await fetch(`${hub.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessToken: TOKEN }),
    });
    const { token } = (await auth.json()) as { token: string };
    const approved = await fetch(`${hub.url}/api/sessions/${cli.id}/permissions/toolu_b/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(approved.status).toBe(200);
    await second.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
  });
});
