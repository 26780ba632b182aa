import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';
import { runCli } from '../../../support/cli';
import { makeTempDir } from '../../../support/temp-dir';

/** Issue 31: `clarity-hitl open` prints (and opens) a fresh one-time login link to the web inbox. */
describe('clarity-hitl open', { timeout: 120_000 }, () => {
  let state: Awaited<ReturnType<typeof makeTempDir>>;
  let other: Awaited<ReturnType<typeof makeTempDir>>;
  let service: BrokerService;

  beforeAll(async () => {
    state = await makeTempDir();
    other = await makeTempDir();
    service = await startBrokerService({ port: 0, stateDir: state.path, rendererDir: null });
  });
  afterAll(async () => {
    await service.close();
    await state.remove();
    await other.remove();
  });

  // The broker found through the discovery file of this state dir, as the operator runs it.
  const env = (stateDir: string) => ({
    CLARITY_HITL_STATE_DIR: stateDir,
    CLARITY_HITL_BROKER_URL: '',
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
  });

  it('prints a fresh link each time; each works once and sets a strict HttpOnly session', async () => {
    const first = await runCli(['open', '--no-browser'], { env: env(state.path) });
    const second = await runCli(['open', '--no-browser'], { env: env(state.path) });
    expect(first.code, first.stderr).toBe(0);
    const links = [first.stdout.trim(), second.stdout.trim()];
    for (const link of links) expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/login\?code=\S+$/);
    expect(links[0]).not.toBe(links[1]);
    for (const link of links) {
      const login = await fetch(link, { redirect: 'manual' });
      expect(login.status).toBe(303);
      expect(login.headers.get('set-cookie')).toMatch(/HttpOnly/i);
      expect(login.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
      expect((await fetch(link, { redirect: 'manual' })).status).toBe(401);
    }
  });

  it('without the state dir holding the operator secret: no link, exit 1 naming why', async () => {
    const run = await runCli(['open', '--no-browser', '--broker', service.url], {
      env: env(other.path),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/no operator secret/);
  });
});
