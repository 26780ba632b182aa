import { describe, expect, it, vi } from 'vitest';
import { CheckGate } from '../../../renderer/src/client/check-gate';
import type { InboxChecks } from '../../../renderer/src/client/inbox-checks-loader';
import { waitFor } from '../../support/wait-for';

const CHECKS = { marker: 'checks' } as unknown as InboxChecks;

function gate() {
  let resolve!: (checks: InboxChecks) => void;
  let reject!: (error: unknown) => void;
  let loaded: InboxChecks | undefined;
  const load = vi.fn(
    () =>
      new Promise<InboxChecks>((res, rej) => {
        resolve = (c) => {
          loaded = c;
          res(c);
        };
        reject = rej;
      }),
  );
  const errors: unknown[] = [];
  const g = new CheckGate(
    load,
    () => loaded,
    (e) => errors.push(e),
  );
  return {
    g,
    load,
    resolve: (c = CHECKS) => resolve(c),
    reject: (e: unknown) => reject(e),
    errors,
  };
}

describe('CheckGate', () => {
  it('runs light work at once before the checks load; everything else waits, in order', async () => {
    const { g, load, resolve } = gate();
    const seen: string[] = [];
    g.run((c) => seen.push(`light:${c ? 'checked' : 'structural'}`), true);
    expect(seen).toEqual(['light:structural']);
    expect(load).not.toHaveBeenCalled();

    g.run((c) => seen.push(`event-1:${c ? 'checked' : 'none'}`));
    g.run((c) => seen.push(`light-behind:${c ? 'checked' : 'none'}`), true); // must not jump the queue
    g.run((c) => seen.push(`event-2:${c ? 'checked' : 'none'}`));
    expect(seen).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(1);
    resolve();
    await waitFor(() => seen.length === 4, 'the queue drained');
    expect(seen).toEqual([
      'light:structural',
      'event-1:checked',
      'light-behind:checked',
      'event-2:checked',
    ]);
    g.run((c) => seen.push(`after:${c ? 'checked' : 'none'}`));
    expect(seen.at(-1)).toBe('after:checked'); // loaded: synchronous from now on
  });

  it('drops waiting work on clear, and reports a failed load without running anything', async () => {
    const { g, reject, errors } = gate();
    const seen: string[] = [];
    g.run(() => seen.push('stale'));
    g.clear();
    reject(new Error('chunk failed'));
    await waitFor(() => errors.length === 1, 'the load error');
    expect(String(errors[0])).toMatch(/chunk failed/);
    expect(seen).toEqual([]);
  });
});
