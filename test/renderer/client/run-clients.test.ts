import { describe, expect, it } from 'vitest';
import { waitFor } from '../../support/wait-for';
import type { RunSummary, RunUpdated } from '@contract/run-schemas';
import type { HitlBridge } from '@contract/ipc/bridge';
import type { IpcEventMap } from '@contract/ipc/channels';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import {
  HttpInboxClient,
  type EventSourceLike,
} from '../../../renderer/src/client/http-inbox-client';
import { InboxClientError } from '../../../renderer/src/client/inbox-client';
import { IpcInboxClient } from '../../../renderer/src/client/ipc-inbox-client';

const summary = (id: string, over: Partial<RunSummary> = {}): RunSummary => ({
  id,
  command: ['node', 'a.js'],
  status: 'running',
  startedAt: 1,
  updatedAt: 1,
  hilIds: [],
  entryCount: 0,
  ...over,
});
const update = (id: string, text = 'hi'): RunUpdated => ({
  run: summary(id, { entryCount: 1 }),
  entries: [{ kind: 'text', text, n: 0, at: 2 }],
});

class Stream implements EventSourceLike {
  readyState = 1;
  onopen: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  readonly handlers = new Map<string, ((e: { data: string; lastEventId: string }) => void)[]>();
  addEventListener(name: string, l: (e: { data: string; lastEventId: string }) => void): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), l]);
  }
  close(): void {}
  emit(name: string, data: string): void {
    for (const h of this.handlers.get(name) ?? []) h({ data, lastEventId: '' });
  }
}

describe('HttpInboxClient runs', () => {
  it('lists and reads runs over HTTP and hears checked run_updated events on the shared stream', async () => {
    const calls: string[] = [];
    const stream = new Stream();
    const client = new HttpInboxClient({
      eventSource: () => stream,
      fetch: (async (url: string) => {
        calls.push(url);
        const body = url.endsWith('/api/runs')
          ? { runs: [summary('run-1')] }
          : url.includes('/api/runs/')
            ? { run: summary('run 2'), entries: [] }
            : { requests: [], seq: 0 };
        return new Response(JSON.stringify(body), { status: 200 });
      }) as typeof fetch,
    });
    expect(await client.listRuns()).toEqual([summary('run-1')]);
    expect((await client.getRun('run 2')).run.id).toBe('run 2');
    expect(calls).toEqual(['/api/runs', '/api/runs/run%202']);

    const heard: RunUpdated[] = [];
    const offInbox = client.subscribe(() => {});
    const off = client.subscribeRuns((u) => heard.push(u));
    stream.emit('run_updated', JSON.stringify(update('run-1')));
    stream.emit('run_updated', '{"run": {"id": 3}}'); // not the contract: dropped
    stream.emit('run_updated', 'not json');
    stream.emit('run_updated', JSON.stringify(update('run-2')));
    // Checked with zod once it has loaded (lazily), in arrival order.
    await waitFor(() => heard.length === 2, 'two checked updates');
    expect(heard).toEqual([update('run-1'), update('run-2')]);
    off();
    const later: RunUpdated[] = [];
    const offLater = client.subscribeRuns((u) => later.push(u));
    stream.emit('run_updated', JSON.stringify(update('run-1')));
    await waitFor(() => later.length === 1, 'the update after unsubscribing');
    expect(heard).toHaveLength(2);
    offLater();
    offInbox();
  });

  it('turns a 404 into an InboxClientError with the broker code', async () => {
    const client = new HttpInboxClient({
      fetch: (async () =>
        new Response(JSON.stringify({ error: 'not_found', message: 'no run with id x' }), {
          status: 404,
        })) as typeof fetch,
    });
    await expect(client.getRun('x')).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
      message: 'no run with id x',
    });
  });
});

describe('IpcInboxClient runs', () => {
  it('calls the runs channels and checks pushed updates before telling listeners', async () => {
    let push: ((u: IpcEventMap['runs:updated']) => void) | undefined;
    const payloads: unknown[] = [];
    const bridge = {
      listRuns: async () => ({ ok: true, value: { runs: [summary('run-1')] } }),
      getRun: async (payload: unknown) => {
        payloads.push(payload);
        return {
          ok: false,
          error: { code: 'not_found', message: 'no run with id run-9', status: 404 },
        };
      },
      onRunUpdated: (listener: (u: IpcEventMap['runs:updated']) => void) => {
        push = listener;
        return () => (push = undefined);
      },
    } as unknown as HitlBridge;
    const client = new IpcInboxClient(bridge);
    expect(await client.listRuns()).toEqual([summary('run-1')]);
    await expect(client.getRun('run-9')).rejects.toBeInstanceOf(InboxClientError);
    expect(payloads).toEqual([{ id: 'run-9' }]);
    const heard: RunUpdated[] = [];
    const off = client.subscribeRuns((u) => heard.push(u));
    push!(update('run-1'));
    push!({ run: { id: 5 } } as unknown as RunUpdated);
    push!(update('run-2'));
    await waitFor(() => heard.length === 2, 'two checked updates');
    expect(heard).toEqual([update('run-1'), update('run-2')]);
    off();
    expect(push).toBeUndefined();
  });
});

describe('FakeInboxClient runs', () => {
  it('keeps reported runs newest first, merges entries, and tells subscribers', async () => {
    const fake = new FakeInboxClient();
    const heard: string[] = [];
    fake.subscribeRuns((u) => heard.push(u.run.id));
    fake.updateRun(update('run-1'));
    fake.updateRun({ run: summary('run-2', { startedAt: 5 }), entries: [] });
    fake.updateRun({
      run: summary('run-1', { entryCount: 2 }),
      entries: [{ kind: 'text', text: 'two', n: 1, at: 3 }],
    });
    expect((await fake.listRuns()).map((r) => r.id)).toEqual(['run-2', 'run-1']);
    expect((await fake.getRun('run-1')).entries.map((e) => e.n)).toEqual([0, 1]);
    expect(heard).toEqual(['run-1', 'run-2', 'run-1']);
    await expect(fake.getRun('nope')).rejects.toMatchObject({ status: 404 });
  });
});
