import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrokerEvent } from '../../../../main/broker/broker';
import { RemoteBroker } from '../../../../main/desktop/attach/remote-broker';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';
import { waitFor } from '../../../support/wait-for';

const services: BrokerService[] = [];
let dir: string | undefined;
let remote: RemoteBroker | undefined;
afterEach(async () => {
  remote?.close();
  for (const s of services.splice(0)) await s.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('RemoteBroker (the desktop attached to a running broker)', { timeout: 30_000 }, () => {
  it('follows a broker that stops and comes back: disconnected, then re-synced, no false answers', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hitl-remote-'));
    const first = await startBrokerService({ port: 0, stateDir: dir, dirs: [], rendererDir: null });
    services.push(first);
    first.broker.add({ source: 'clarity-http', key: 'a', prompt: 'Before?' });
    remote = new RemoteBroker({ url: first.url });
    const events: BrokerEvent[] = [];
    const states: boolean[] = [];
    remote.subscribe((e) => events.push(e));
    remote.onConnectionChange((c) => states.push(c));
    remote.connect();
    await waitFor(() => remote!.pending().length === 1, 'the snapshot');

    const port = first.port;
    await first.close();
    services.splice(0);
    await waitFor(() => states.at(-1) === false, 'disconnected');
    // While away its request stays counted: nothing told us it was resolved.
    expect(remote.pending().map((r) => r.prompt)).toEqual(['Before?']);
    expect(events.filter((e) => e.type !== 'added')).toEqual([]);

    const back = await startBrokerService({ port, stateDir: dir, dirs: [], rendererDir: null });
    services.push(back);
    back.broker.add({ source: 'clarity-http', key: 'b', prompt: 'After?' });
    await waitFor(() => remote!.pending().some((r) => r.prompt === 'After?'), 'resynced', 15_000);
    expect(states.at(-1)).toBe(true);
  });
});
