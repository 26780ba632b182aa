import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import {
  asleepIds,
  readSnoozes,
  snoozeChoices,
  wakeAt,
  writeSnoozes,
} from '../../../renderer/src/snooze/snooze-store';
import { MemoryStorage } from '../drafts/memory-storage';

const request = (id: string, createdAt: number, expiresAt?: number) =>
  ({ id, createdAt, expiresAt }) as HitlRequest;

describe('snooze store', () => {
  it('keeps snoozes by request id and drops malformed entries', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    writeSnoozes(new Map([['a', 5000]]), storage);
    expect([...readSnoozes(storage)]).toEqual([['a', 5000]]);
    storage.setItem('hitl-broker.snoozed', '{"a": "soon", "b": 7}');
    expect([...readSnoozes(storage)]).toEqual([['b', 7]]);
    storage.setItem('hitl-broker.snoozed', 'not json');
    expect(readSnoozes(storage).size).toBe(0);
  });

  it('a deadline that would turn urgent before the snooze ends brings the request back then', () => {
    const hour = 3_600_000;
    // 10 h wait: urgent in its last tenth (1 h), i.e. at 9 h.
    expect(wakeAt(request('a', 0, 10 * hour), 24 * hour)).toBe(9 * hour);
    // A snooze ending sooner keeps its own time; no deadline: its own time.
    expect(wakeAt(request('a', 0, 10 * hour), 2 * hour)).toBe(2 * hour);
    expect(wakeAt(request('a', 0), 24 * hour)).toBe(24 * hour);
  });

  it('only pending requests whose time has not come are asleep', () => {
    const pending = new Map([
      ['a', request('a', 0)],
      ['b', request('b', 0)],
    ]);
    const snoozes = new Map([
      ['a', 1000],
      ['b', 500],
      ['gone', 1000],
    ]);
    expect(asleepIds(snoozes, pending, 600)).toEqual(['a']);
    expect(asleepIds(snoozes, pending, 1000)).toEqual([]);
  });

  it('offers 15 minutes, 1 hour and tomorrow at 9:00 local time', () => {
    const now = new Date(2026, 10, 27, 1, 30).getTime();
    const [a, b, c] = snoozeChoices(now);
    expect(a!.until - now).toBe(15 * 60_000);
    expect(b!.until - now).toBe(3_600_000);
    expect(new Date(c!.until)).toEqual(new Date(2026, 10, 28, 9, 0));
  });
});
