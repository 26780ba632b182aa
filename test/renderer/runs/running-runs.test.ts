import { describe, expect, it } from 'vitest';
import { mergeRunStates, runningCount } from '../../../renderer/src/runs/running-runs';

describe('running runs', () => {
  it('counts running runs, the newer report of a run winning', () => {
    let known = mergeRunStates(new Map(), [
      { id: 'a', status: 'running', updatedAt: 10 },
      { id: 'b', status: 'running', updatedAt: 10 },
      { id: 'c', status: 'succeeded', updatedAt: 10 },
    ]);
    expect(runningCount(known)).toBe(2);
    known = mergeRunStates(known, [{ id: 'a', status: 'failed', updatedAt: 20 }]);
    expect(runningCount(known)).toBe(1);
    // A list fetched before that update arrives late: it must not bring `a` back to running.
    known = mergeRunStates(known, [
      { id: 'a', status: 'running', updatedAt: 15 },
      { id: 'd', status: 'running', updatedAt: 16 },
    ]);
    expect(runningCount(known)).toBe(2);
    expect(known.get('a')?.status).toBe('failed');
  });

  it('returns the same map when nothing changed (no re-render)', () => {
    const known = mergeRunStates(new Map(), [{ id: 'a', status: 'running', updatedAt: 1 }]);
    expect(mergeRunStates(known, [{ id: 'a', status: 'running', updatedAt: 1 }])).toBe(known);
    expect(mergeRunStates(known, [{ id: 'a', status: 'running', updatedAt: 0 }])).toBe(known);
    expect(mergeRunStates(known, [{ id: 'a', status: 'running', updatedAt: 2 }])).not.toBe(known);
  });
});
