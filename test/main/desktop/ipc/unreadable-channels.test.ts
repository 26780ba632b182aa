import { describe, expect, it } from 'vitest';
import { desktopChannels, OURS } from './channel-fixture';

describe('IPC unreadable channels', () => {
  it('unreadable:list and unreadable:dismiss answer from the broker; bad payloads name the field', async () => {
    const { ipc, broker } = await desktopChannels();
    broker.unreadable.report({
      id: 'x',
      source: 'mcp',
      origin: 'POST /api/mcp/ask',
      reason: 'bad',
    });
    expect(await ipc.invoke('unreadable:list', undefined, OURS)).toMatchObject({
      ok: true,
      value: { items: [{ id: 'x', source: 'mcp', count: 1 }], epoch: expect.any(String) },
    });
    expect(await ipc.invoke('unreadable:dismiss', { id: 'x' }, OURS)).toMatchObject({
      ok: true,
      value: { items: [], revision: 2 },
    });
    expect(await ipc.invoke('unreadable:dismiss', { id: 'x' }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'not_found', status: 404 },
    });
    expect(await ipc.invoke('unreadable:dismiss', { id: '' }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'invalid', status: 400, message: expect.stringMatching(/id/) },
    });
  });
});
