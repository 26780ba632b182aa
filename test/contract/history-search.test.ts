import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { searchHistory } from '@contract/history-search';

const resolved = (key: string, extra: Partial<HitlRequest>): HitlRequest => ({
  id: key,
  source: 'clarity-http',
  key,
  prompt: `prompt ${key}`,
  input: { kind: 'text' },
  createdAt: 0,
  status: 'cancelled',
  ...extra,
});

describe('searchHistory (desktop history:list)', () => {
  it('finds a cancelled request by its reason, newest first, case-insensitively', () => {
    const all = [
      resolved('a', { cancelReason: 'Out of scope' }),
      resolved('b', {}),
      resolved('c', { cancelReason: 'out of SCOPE again' }),
    ];
    expect(searchHistory(all, 'scope', 10).map((r) => r.key)).toEqual(['c', 'a']);
    expect(searchHistory(all, 'nothing like it', 10)).toEqual([]);
    expect(searchHistory(all, undefined, 2).map((r) => r.key)).toEqual(['c', 'b']);
  });
});
