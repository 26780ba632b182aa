import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveView, savedView, TRIAGE_STORAGE_KEY } from '../../../renderer/src/state/saved-view';

/** A Storage with just what the module uses; `full` makes setItem throw as a full quota does. */
function memoryStorage(full = false) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (full) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
  };
}

const g = globalThis as { localStorage?: unknown };
afterEach(() => {
  delete g.localStorage;
  vi.unstubAllGlobals();
});

describe('savedView', () => {
  it('defaults to soonest deadline first, not grouped, without storage or with nothing saved', () => {
    expect(savedView()).toEqual({ order: 'urgent', groupByAgent: false });
    g.localStorage = memoryStorage();
    expect(savedView()).toEqual({ order: 'urgent', groupByAgent: false });
  });

  it('reads back what was saved', () => {
    g.localStorage = memoryStorage();
    saveView({ order: 'newest', groupByAgent: true });
    expect(savedView()).toEqual({ order: 'newest', groupByAgent: true });
  });

  it('falls back per field on anything else in storage', () => {
    const storage = memoryStorage();
    g.localStorage = storage;
    for (const [raw, expected] of [
      ['not json', { order: 'urgent', groupByAgent: false }],
      ['null', { order: 'urgent', groupByAgent: false }],
      ['{"order":"sideways","groupByAgent":true}', { order: 'urgent', groupByAgent: true }],
      ['{"order":"oldest","groupByAgent":"yes"}', { order: 'oldest', groupByAgent: false }],
    ] as const) {
      storage.items.set(TRIAGE_STORAGE_KEY, raw);
      expect(savedView(), raw).toEqual(expected);
    }
  });

  it('a full or disabled storage keeps the choice for the visit only (no throw)', () => {
    g.localStorage = memoryStorage(true);
    expect(() => saveView({ order: 'oldest', groupByAgent: false })).not.toThrow();
    expect(savedView().order).toBe('urgent');
  });

  it('tells the broker the order in a cookie, so its served page lists rows in that order', () => {
    g.localStorage = memoryStorage();
    const page = { cookie: '' };
    vi.stubGlobal('document', page);
    vi.stubGlobal('location', { protocol: 'app:' });
    saveView({ order: 'newest', groupByAgent: false });
    // The desktop's own page has no broker to tell.
    expect(page.cookie).toBe('');
    vi.stubGlobal('location', { protocol: 'http:' });
    saveView({ order: 'newest', groupByAgent: true });
    expect(page.cookie).toBe('hitl_order=newest; Path=/; Max-Age=31536000; SameSite=Strict');
  });
});
