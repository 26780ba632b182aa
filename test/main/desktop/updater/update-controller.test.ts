import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHECK_INTERVAL_MS,
  FIRST_CHECK_DELAY_MS,
  UpdateController,
  type UpdateControllerOptions,
} from '../../../../main/desktop/updater/update-controller';
import type { UpdateStatus } from '../../../../main/desktop/updater/update-source';
import { FakeUpdateSource } from './fake-update-source';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function controller(source: FakeUpdateSource, options: Partial<UpdateControllerOptions> = {}) {
  const statuses: UpdateStatus[] = [];
  const logs: string[] = [];
  let busy: string | undefined;
  const loads = { count: 0 };
  const c = new UpdateController({
    loadSource: async () => {
      loads.count++;
      return source;
    },
    enabled: true,
    busy: () => busy,
    onChange: (s) => statuses.push(s),
    log: (m) => logs.push(m),
    ...options,
  });
  return { c, statuses, logs, loads, setBusy: (reason?: string) => (busy = reason) };
}

describe('UpdateController', () => {
  it('checks first after the start delay, then periodically; loads the updater only then', async () => {
    const source = new FakeUpdateSource();
    source.onCheck = (s) => s.emit('not-available', '1.0.0');
    const { c, loads } = controller(source);
    c.start();
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS - 1);
    expect(loads.count).toBe(0);
    expect(source.checks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(source.checks).toBe(1);
    expect(c.current).toEqual({ state: 'current', version: '1.0.0' });
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(source.checks).toBe(2);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(source.checks).toBe(3);
    expect(loads.count).toBe(1);
    expect(source.installOnQuit).toBe(true);
  });

  it('a found update downloads and becomes ready; no more checks once ready', async () => {
    const source = FakeUpdateSource.finding('2.0.0');
    const { c, statuses } = controller(source);
    c.start();
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS);
    expect(statuses.map((s) => s.state)).toEqual([
      'checking',
      'downloading',
      'downloading',
      'ready',
    ]);
    expect(statuses[2]).toEqual({ state: 'downloading', version: '2.0.0', percent: 50 });
    expect(c.readyVersion()).toBe('2.0.0');
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(source.checks).toBe(1);
  });

  it('restarts into the update only on request and when nothing is pending', async () => {
    const source = FakeUpdateSource.finding('2.0.0');
    const { c, setBusy } = controller(source);
    expect(c.installNow()).toEqual({ done: 'nothing-ready' });
    await c.checkNow();
    setBusy('3 requests pending');
    expect(c.installNow()).toEqual({ done: 'deferred', reason: '3 requests pending' });
    expect(source.installs).toBe(0);
    expect(source.installOnQuit).toBe(true);
    setBusy(undefined);
    expect(c.installNow()).toEqual({ done: 'restarting' });
    expect(source.installs).toBe(1);
  });

  it('turned off: no checks, no install on quit, nothing shown; back on resumes', async () => {
    const source = FakeUpdateSource.finding('2.0.0');
    const { c } = controller(source, { enabled: false });
    c.start();
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS + CHECK_INTERVAL_MS);
    await c.checkNow();
    expect(source.checks).toBe(0);

    c.setEnabled(true);
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS);
    expect(c.readyVersion()).toBe('2.0.0');
    c.setEnabled(false);
    expect(source.installOnQuit).toBe(false);
    expect(c.readyVersion()).toBeUndefined();
    expect(c.installNow()).toEqual({ done: 'nothing-ready' });
    c.setEnabled(true);
    expect(source.installOnQuit).toBe(true);
    expect(c.readyVersion()).toBe('2.0.0');
  });

  it('an error is logged and kept as the status, but never hides a downloaded update', async () => {
    const source = new FakeUpdateSource();
    source.onCheck = (s) => s.emit('error', new Error('net::ERR_INTERNET_DISCONNECTED'));
    const { c, logs } = controller(source);
    await c.checkNow();
    expect(c.current).toEqual({ state: 'error', message: 'net::ERR_INTERNET_DISCONNECTED' });
    expect(logs).toContain('update check failed: net::ERR_INTERNET_DISCONNECTED');
    source.emit('downloaded', '2.0.0');
    source.emit('error', new Error('later failure'));
    expect(c.readyVersion()).toBe('2.0.0');
  });

  it('one check at a time; a check that reports nothing (an unpackaged app) goes back to idle', async () => {
    const source = new FakeUpdateSource();
    const { c } = controller(source);
    await Promise.all([c.checkNow(), c.checkNow()]);
    expect(source.checks).toBe(1);
    expect(c.current).toEqual({ state: 'idle' });
  });

  it('an updater that cannot load is logged once and never retried', async () => {
    const { c, logs, loads } = controller(new FakeUpdateSource(), {
      loadSource: async () => {
        loads.count++;
        throw new Error('Cannot find module electron-updater');
      },
    });
    await c.checkNow();
    await c.checkNow();
    expect(logs).toEqual(['auto-update could not start: Cannot find module electron-updater']);
    expect(loads.count).toBe(1);
    expect(c.current).toEqual({ state: 'idle' });
  });

  it('stop() ends the timers', async () => {
    const source = new FakeUpdateSource();
    const { c } = controller(source);
    c.start();
    c.stop();
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS + CHECK_INTERVAL_MS);
    expect(source.checks).toBe(0);
  });
});
