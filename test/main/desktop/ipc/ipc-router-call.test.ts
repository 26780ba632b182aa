import { describe, expect, it } from 'vitest';
import { IpcRouter } from '../../../../main/desktop/ipc/ipc-router';
import { FakeIpcMain } from '../fake-electron';

const OURS = 'app://bundle/popover.html#popover';

function router() {
  const ipc = new FakeIpcMain();
  const rejected: string[] = [];
  const r = new IpcRouter({
    ipc,
    isTrustedSender: (url) => url === OURS,
    onRejected: (channel, reason) => rejected.push(`${channel}: ${reason}`),
  });
  const seen: unknown[] = [];
  r.handle('inbox:list-pending', (payload) => {
    seen.push(payload);
    return { requests: [], total: 0 } as never;
  });
  return { r, ipc, rejected, seen };
}

describe('IpcRouter.call (a handler run in the main process, as from a frame)', () => {
  it('runs the handler with the parsed payload and answers in the IPC envelope', async () => {
    const { r, ipc, seen } = router();
    const local = await r.call('inbox:list-pending', { limit: 1, order: 'oldest' }, OURS);
    const remote = await ipc.invoke('inbox:list-pending', { limit: 1, order: 'oldest' }, OURS);
    expect(local).toEqual({ ok: true, value: { requests: [], total: 0 } });
    expect(local).toEqual(remote);
    expect(seen).toEqual([
      { limit: 1, order: 'oldest' },
      { limit: 1, order: 'oldest' },
    ]);
  });

  it('checks the frame and the payload as IPC does', async () => {
    const { r, rejected, seen } = router();
    const foreign = await r.call('inbox:list-pending', {}, 'https://evil.example/');
    expect(foreign).toMatchObject({ ok: false, error: { code: 'forbidden', status: 403 } });
    const bad = await r.call('inbox:list-pending', { limit: -1 } as never, OURS);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid', status: 400 } });
    expect(seen).toEqual([]);
    expect(rejected).toHaveLength(2);
  });

  it('is undefined for a channel with no handler, and after dispose', async () => {
    const { r } = router();
    expect(await r.call('settings:get', undefined, OURS)).toBeUndefined();
    r.dispose();
    expect(await r.call('inbox:list-pending', {}, OURS)).toBeUndefined();
  });
});
