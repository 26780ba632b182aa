import { EventSource } from 'eventsource';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HitlRequest } from '../../../main/broker/request';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import { HttpInboxClient } from '../../../renderer/src/client/http-inbox-client';
import type { ConnectionState, InboxEvent } from '../../../renderer/src/client/inbox-client';
import { MultiBrokerClient, whereOf } from '../../../renderer/src/client/multi-broker-client';
import { waitFor } from '../../support/wait-for';

const services: BrokerService[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.close().catch(() => {});
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function broker(port = 0, stateDir?: string) {
  const dir = stateDir ?? (await mkdtemp(join(tmpdir(), 'hitl-multi-')));
  if (!stateDir) dirs.push(dir);
  const service = await startBrokerService({ port, stateDir: dir, dirs: [], rendererDir: null });
  services.push(service);
  return service;
}

const clientFor = (service: BrokerService) =>
  new HttpInboxClient({
    baseUrl: service.url.replace(/\/$/, ''),
    eventSource: (url) => new EventSource(url),
    retryDelayMs: 100,
    afterPaint: (fn) => fn(),
  });

describe('MultiBrokerClient over two real brokers', { timeout: 60_000 }, () => {
  it('merges both inboxes with where labels, routes answers, and rides out a broker restart', async () => {
    const laptop = await broker();
    const vm = await broker();
    const multi = new MultiBrokerClient([
      { name: 'laptop', client: clientFor(laptop) },
      { name: 'build-vm', client: clientFor(vm) },
    ]);
    let pending: HitlRequest[] = [];
    const events: InboxEvent[] = [];
    const states: ConnectionState[] = [];
    const off = multi.subscribe((event) => {
      events.push(event);
      if (event.type === 'snapshot') pending = event.pending;
      else if (event.type !== 'agent_message') {
        pending = pending.filter((r) => r.id !== event.request.id);
        if (event.request.status === 'pending') pending.push(event.request);
      }
    });
    multi.onConnectionChange((s) => states.push(s));

    laptop.broker.add({ source: 'clarity-http', key: 'k', prompt: 'On the laptop?' });
    const onVm = vm.broker.add({ source: 'clarity-http', key: 'k', prompt: 'On the VM?' });
    await waitFor(() => pending.length === 2, 'both requests');
    expect(pending.map((r) => [whereOf(r), r.prompt]).sort()).toEqual([
      ['build-vm', 'On the VM?'],
      ['laptop', 'On the laptop?'],
    ]);
    // The same key on both brokers stays two requests with distinct ids.
    expect(new Set(pending.map((r) => r.id)).size).toBe(2);

    const vmId = pending.find((r) => whereOf(r) === 'build-vm')!.id;
    const answered = await multi.answer(vmId, { text: 'yes' });
    expect(answered.id).toBe(vmId);
    expect(vm.broker.get(onVm.id)?.status).toBe('answered');
    await waitFor(() => pending.length === 1, 'the answered one gone');

    // The VM's broker goes away: shown as not connected, its last requests kept.
    const port = vm.port;
    const stateDir = vm.stateDir;
    const stillThere = vm.broker.add({ source: 'clarity-http', key: 'k2', prompt: 'Still?' });
    await waitFor(() => pending.length === 2, 'the second VM request');
    await vm.close();
    services.splice(services.indexOf(vm), 1);
    await waitFor(() => states.at(-1) !== 'open', 'disconnected shown');
    expect(multi.brokerStates().get('laptop')).toBe('open');
    expect(multi.brokerStates().get('build-vm')).not.toBe('open');
    expect(pending.map((r) => r.prompt).sort()).toEqual(['On the laptop?', 'Still?']);
    const removedWhileDown = events.filter(
      (e) => e.type !== 'snapshot' && e.type !== 'agent_message' && e.request.status !== 'pending',
    );
    expect(removedWhileDown).toHaveLength(1); // only the answer given above

    // It comes back on the same port: reconnected by itself, its inbox re-synced.
    const back = await broker(port, stateDir);
    back.broker.add({ source: 'clarity-http', key: 'k3', prompt: 'Back again?' });
    await waitFor(() => states.at(-1) === 'open', 'reconnected', 20_000);
    await waitFor(() => pending.some((r) => r.prompt === 'Back again?'), 'the new request');
    expect(pending.filter((r) => whereOf(r) === 'laptop')).toHaveLength(1);
    expect(stillThere.id).toBeTruthy();
    off();
  });

  it('refuses an id that names no broker', async () => {
    const only = await broker();
    const multi = new MultiBrokerClient([{ name: 'here', client: clientFor(only) }]);
    await expect(multi.answer('elsewhere/abc', { text: 'x' })).rejects.toMatchObject({
      status: 404,
    });
  });
});
