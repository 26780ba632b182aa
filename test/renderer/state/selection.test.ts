import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  selectionReducer,
  type Selection,
} from '../../../renderer/src/state/selection';

const visible = ['a', 'b', 'c', 'd', 'e'];
const run = (...actions: Parameters<typeof selectionReducer>[1][]): Selection =>
  actions.reduce(selectionReducer, emptySelection);
const sorted = (s: Selection) => [...s.ids].sort();

describe('selection', () => {
  it('toggles one request and remembers it as the anchor', () => {
    const s = run({ type: 'toggle', id: 'b' });
    expect(sorted(s)).toEqual(['b']);
    expect(s.anchor).toBe('b');
    expect(sorted(selectionReducer(s, { type: 'toggle', id: 'b' }))).toEqual([]);
  });

  it('extends from the anchor to a shift-clicked request, either direction', () => {
    expect(sorted(run({ type: 'toggle', id: 'b' }, { type: 'range', id: 'd', visible }))).toEqual([
      'b',
      'c',
      'd',
    ]);
    expect(sorted(run({ type: 'toggle', id: 'e' }, { type: 'range', id: 'c', visible }))).toEqual([
      'c',
      'd',
      'e',
    ]);
  });

  it('treats a range without an anchor as a toggle', () => {
    expect(sorted(run({ type: 'range', id: 'c', visible }))).toEqual(['c']);
  });

  it('selects all visible, keeping earlier picks, and clears', () => {
    const s = run({ type: 'toggle', id: 'z' }, { type: 'all', visible });
    expect(sorted(s)).toEqual(['a', 'b', 'c', 'd', 'e', 'z']);
    expect(run({ type: 'all', visible }, { type: 'clear' }).ids.size).toBe(0);
  });

  it('drops requests that are no longer pending, and keeps the same object when nothing left', () => {
    const s = run({ type: 'all', visible });
    const kept = selectionReducer(s, { type: 'keep', pending: new Set(['a', 'c']) });
    expect(sorted(kept)).toEqual(['a', 'c']);
    expect(selectionReducer(kept, { type: 'keep', pending: new Set(visible) })).toBe(kept);
  });
});
