import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeadlineScheduler } from '../../../main/broker/deadline-scheduler';

describe('DeadlineScheduler (fake timers)', () => {
  let fired: string[];
  let scheduler: DeadlineScheduler;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    fired = [];
    scheduler = new DeadlineScheduler((id) => fired.push(id));
  });
  afterEach(() => {
    scheduler.clear();
    vi.useRealTimers();
  });

  it('fires each id at its deadline, in deadline order', () => {
    scheduler.schedule('c', 300);
    scheduler.schedule('a', 100);
    scheduler.schedule('b', 200);
    vi.advanceTimersByTime(99);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['a']);
    vi.advanceTimersByTime(200);
    expect(fired).toEqual(['a', 'b', 'c']);
    expect(scheduler.size).toBe(0);
  });

  it('uses one timer for thousands of deadlines (no per-request polling)', () => {
    for (let i = 0; i < 5_000; i++) scheduler.schedule(`r${i}`, 1_000 + i);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(fired).toHaveLength(5_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fires ids that share a deadline together', () => {
    scheduler.schedule('x', 50);
    scheduler.schedule('y', 50);
    vi.advanceTimersByTime(50);
    expect(fired.sort()).toEqual(['x', 'y']);
  });

  it('cancel forgets an id; reschedule keeps only the new deadline', () => {
    scheduler.schedule('gone', 100);
    scheduler.schedule('moved', 100);
    scheduler.cancel('gone');
    scheduler.schedule('moved', 500);
    vi.advanceTimersByTime(400);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(['moved']);
  });

  it('an earlier deadline re-arms the timer sooner', () => {
    scheduler.schedule('late', 10_000);
    scheduler.schedule('early', 10);
    vi.advanceTimersByTime(10);
    expect(fired).toEqual(['early']);
  });

  it('a deadline in the past fires on the next tick', () => {
    vi.setSystemTime(1_000);
    scheduler.schedule('past', 500);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(fired).toEqual(['past']);
  });

  it('handles deadlines beyond the setTimeout limit (~24.8 days)', () => {
    const day = 86_400_000;
    scheduler.schedule('far', 40 * day);
    vi.advanceTimersByTime(30 * day);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(10 * day);
    expect(fired).toEqual(['far']);
  });

  it('clear stops everything', () => {
    scheduler.schedule('a', 10);
    scheduler.clear();
    vi.advanceTimersByTime(100);
    expect(fired).toEqual([]);
    expect(scheduler.size).toBe(0);
  });
});
