import { describe, expect, it } from 'vitest';
import { RunStore } from '../../../../main/adapters/tool-server-lite/run-store';
import { desktopChannels, OURS } from './channel-fixture';

describe('IPC run channels', () => {
  it('runs:list and runs:get answer our renderer from the run store', async () => {
    const runs = new RunStore();
    const { ipc } = await desktopChannels({ runs });
    const run = runs.start({ command: ['node', 'agent.js'] });
    runs.append(run.id, [{ kind: 'text', text: 'hello' }]);
    expect(await ipc.invoke('runs:list', undefined, OURS)).toMatchObject({
      ok: true,
      value: { runs: [{ id: run.id, entryCount: 1 }] },
    });
    expect(await ipc.invoke('runs:get', { id: run.id }, OURS)).toMatchObject({
      ok: true,
      value: { run: { id: run.id }, entries: [{ kind: 'text', text: 'hello', n: 0 }] },
    });
  });

  it('rejects bad payloads naming the field, unknown runs with 404, and foreign senders', async () => {
    const { ipc, rejected } = await desktopChannels({ runs: new RunStore() });
    for (const bad of [undefined, {}, { id: '' }, { id: 7 }, { id: 'r', extra: 1 }]) {
      const result = await ipc.invoke('runs:get', bad, OURS);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid', status: 400 } });
    }
    expect(
      ((await ipc.invoke('runs:get', { id: 7 }, OURS)) as { error: { message: string } }).error
        .message,
    ).toContain('id');
    expect(await ipc.invoke('runs:list', { surprise: true }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'invalid', status: 400 },
    });
    expect(await ipc.invoke('runs:get', { id: 'run-nope' }, OURS)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no run with id run-nope', status: 404 },
    });
    expect(await ipc.invoke('runs:list', undefined, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { code: 'forbidden', status: 403 },
    });
    expect(rejected.some((r) => r.startsWith('runs:list: refused'))).toBe(true);
  });

  it('without a run store, lists none and finds none', async () => {
    const { ipc } = await desktopChannels();
    expect(await ipc.invoke('runs:list', undefined, OURS)).toEqual({
      ok: true,
      value: { runs: [] },
    });
    expect(await ipc.invoke('runs:get', { id: 'r' }, OURS)).toMatchObject({
      ok: false,
      error: { status: 404 },
    });
  });
});
