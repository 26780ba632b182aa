import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrokerEvent } from '../../../../main/broker/broker';
import {
  RemoteInboxes,
  type RemoteBrokerLike,
} from '../../../../main/desktop/attach/remote-inboxes';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';
import { waitFor } from '../../../support/wait-for';

const services: BrokerService[] = [];
const inboxes: RemoteInboxes[] = [];
let dir: string | undefined;
afterEach(async () => {
  for (const i of inboxes.splice(0)) i.close();
  for (const s of services.splice(0)) await s.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A broker whose operator token (team mode) is `operatorToken`: what the desktop answers with. */
async function broker(name: string, port = 0, operatorToken?: string): Promise<BrokerService> {
  const service = await startBrokerService({
    port,
    stateDir: join(dir!, name),
    dirs: [],
    rendererDir: null,
    ...(operatorToken ? { operators: [{ name: 'desk', token: operatorToken }] } : {}),
  });
  services.push(service);
  return service;
}

describe('RemoteInboxes: remote brokers in the one desktop inbox', { timeout: 30_000 }, () => {
  it('lists both brokers labelled, routes answers and cancels, keeps a stopped one listed until it is back', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hitl-remotes-'));
    const vm = await broker('vm', 0, 'vm-secret');
    const lab = await broker('lab');
    // A broker without tokens: the desktop holds its operator secret (the CLI's credential).
    const labSecret = lab.server.context.operatorSecret;
    const deploy = vm.broker.add({ source: 'clarity-http', key: 'deploy', prompt: 'Deploy?' });
    lab.broker.add({ source: 'clarity-http', key: 'name', prompt: 'Name it?' });
    const inbox = new RemoteInboxes();
    inboxes.push(inbox);
    const events: BrokerEvent[] = [];
    inbox.subscribe((e) => events.push(e));
    inbox.sync([
      { name: 'build-vm', url: vm.url, token: 'vm-secret' },
      { name: 'lab', url: lab.url, token: labSecret },
    ]);
    await waitFor(() => inbox.pending().length === 2, 'both snapshots');
    expect(inbox.pending().map((r) => [r.id.split('/')[0], r.meta?.where, r.prompt])).toEqual([
      ['build-vm', 'build-vm', 'Deploy?'],
      ['lab', 'lab', 'Name it?'],
    ]);
    expect(inbox.states().every((s) => s.connected)).toBe(true);

    // An answer goes to the broker the request lives on, over its token.
    const labId = inbox.pending().find((r) => r.meta?.where === 'lab')!.id;
    const answered = await inbox.answer(labId, { text: 'atlas' });
    expect(answered).toMatchObject({ status: 'answered', id: labId, meta: { where: 'lab' } });
    expect(lab.broker.resolved().map((r) => r.answer?.text)).toEqual(['atlas']);
    await waitFor(() => inbox.pending().length === 1, 'the answer to leave');
    await expect(inbox.answer(labId, { text: 'again' })).rejects.toMatchObject({
      code: 'already_resolved',
    });

    // build-vm stops: its request stays, marked disconnected; no resolution is invented.
    const port = vm.port;
    events.length = 0;
    await vm.close();
    services.splice(services.indexOf(vm), 1);
    await waitFor(
      () => inbox.states().find((s) => s.name === 'build-vm')?.connected === false,
      'disconnected',
    );
    expect(inbox.pending()).toMatchObject([
      { id: `build-vm/${deploy.id}`, meta: { where: 'build-vm', whereDisconnected: true } },
    ]);
    expect(events.filter((e) => e.type !== 'updated')).toEqual([]);

    // It comes back on the same port by itself; the request is answerable again, there.
    const back = await startBrokerService({
      port,
      stateDir: join(dir, 'vm'),
      dirs: [],
      rendererDir: null,
      operators: [{ name: 'desk', token: 'vm-secret' }],
    });
    services.push(back);
    await waitFor(
      () => inbox.states().find((s) => s.name === 'build-vm')?.connected === true,
      'reconnected',
      20_000,
    );
    const again = await waitFor(
      () => inbox.pending().find((r) => r.meta?.where === 'build-vm' && !r.meta?.whereDisconnected),
      'listed as connected',
    );
    await inbox.cancel(again.id, 'not today');
    expect(back.broker.resolved().at(-1)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'not today',
      operator: 'desk',
    });
  });

  it('adds and removes brokers live; a removed one takes its requests out with a reason', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hitl-remotes-'));
    const lab = await broker('lab');
    lab.broker.add({ source: 'clarity-http', key: 'k', prompt: 'Q?' });
    const inbox = new RemoteInboxes();
    inboxes.push(inbox);
    const events: BrokerEvent[] = [];
    inbox.subscribe((e) => events.push(e));
    inbox.sync([{ name: 'lab', url: lab.url }]);
    await waitFor(() => inbox.pending().length === 1, 'listed');
    expect(inbox.owns(inbox.pending()[0]!.id)).toBe(true);
    expect(inbox.owns('elsewhere/x')).toBe(false);
    inbox.sync([]);
    expect(inbox.pending()).toEqual([]);
    expect(events.at(-1)).toMatchObject({
      type: 'cancelled',
      request: { status: 'cancelled', cancelReason: expect.stringContaining('"lab" was removed') },
    });
    // The broker itself still has it pending.
    expect(lab.broker.pending()).toHaveLength(1);
    await expect(inbox.answer('lab/anything', { text: 'x' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('brokers named at launch are followed beside the saved ones and win over a saved namesake', () => {
    const made: string[] = [];
    const fake = (target: { url: string }): RemoteBrokerLike => {
      made.push(target.url);
      return {
        connected: false,
        connect: () => undefined,
        close: () => undefined,
        pending: () => [],
        subscribe: () => () => undefined,
        onConnectionChange: () => () => undefined,
        answer: () => Promise.reject(new Error('unused')),
        cancel: () => Promise.reject(new Error('unused')),
      };
    };
    const inbox = new RemoteInboxes(fake, [{ name: 'vm', url: 'http://launch-vm/' }]);
    inboxes.push(inbox);
    inbox.sync([
      { name: 'vm', url: 'http://saved-vm/' },
      { name: 'lab', url: 'http://lab/' },
    ]);
    expect(inbox.states().map((s) => [s.name, s.url])).toEqual([
      ['vm', 'http://launch-vm/'],
      ['lab', 'http://lab/'],
    ]);
    inbox.sync([]);
    expect(inbox.states().map((s) => s.name)).toEqual(['vm']);
    expect(made).toEqual(['http://launch-vm/', 'http://lab/']);
  });
});
