import { describe, expect, it } from 'vitest';
import { OncePerKey } from '../../../../../main/adapters/hapi/hub-bridge/once-per-key';

/** A job whose runs are counted and each held until `release()`. */
function heldJob() {
  let runs = 0;
  const releases: Array<() => void> = [];
  let started: () => void = () => {};
  return {
    runs: () => runs,
    job: () =>
      new Promise<void>((resolve) => {
        runs++;
        releases.push(resolve);
        started();
      }),
    nextStart: () => new Promise<void>((resolve) => (started = resolve)),
    release: () => releases.shift()!(),
  };
}

describe('OncePerKey', () => {
  it('asked again while running, runs once more afterwards, however often it was asked', async () => {
    const once = new OncePerKey();
    const held = heldJob();
    const first = once.run('s1', held.job);
    const second = once.run('s1', held.job);
    const third = once.run('s1', held.job);
    expect(held.runs()).toBe(1);
    const rerun = held.nextStart();
    held.release();
    await rerun;
    expect(held.runs()).toBe(2);
    held.release();
    await Promise.all([first, second, third]);
    expect(held.runs()).toBe(2);
    // Done: the next ask runs at once.
    const later = once.run('s1', held.job);
    expect(held.runs()).toBe(3);
    held.release();
    await later;
  });

  it('keys run independently', async () => {
    const once = new OncePerKey();
    const held = heldJob();
    const a = once.run('a', held.job);
    const b = once.run('b', held.job);
    expect(held.runs()).toBe(2);
    held.release();
    held.release();
    await Promise.all([a, b]);
  });
});
