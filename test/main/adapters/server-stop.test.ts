import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ServerStop } from '../../../main/adapters/held-request';

describe('ServerStop', () => {
  it('keeps nothing per finished wait: a long-running broker does not grow with its traffic', async () => {
    const app = Fastify();
    const stop = new ServerStop(app);
    for (let i = 0; i < 1000; i++) expect(await stop.race(Promise.resolve(i))).toBe(i);
    const forgets = Array.from({ length: 100 }, () => stop.onStop(() => undefined));
    for (const forget of forgets) forget();
    expect(stop.racing).toBe(0);
    await app.close();
  });

  it('wakes the waits in progress when the server closes, and answers later ones at once', async () => {
    const app = Fastify();
    const stop = new ServerStop(app);
    const held = stop.race(new Promise<string>(() => undefined));
    let woken = 0;
    stop.onStop(() => woken++);
    expect(stop.racing).toBe(2);
    await app.close();
    expect(await held).toBe('stopping');
    expect(woken).toBe(1);
    expect(await stop.race(new Promise<string>(() => undefined))).toBe('stopping');
  });
});
