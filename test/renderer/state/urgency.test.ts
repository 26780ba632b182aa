import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { timeLeft, urgencyOf } from '../../../renderer/src/state/urgency';

const req = (createdAt: number, expiresAt?: number): HitlRequest => ({
  id: 'r',
  source: 'clarity-http',
  key: 'r',
  prompt: '',
  input: { kind: 'text' },
  createdAt,
  ...(expiresAt !== undefined ? { expiresAt } : {}),
  status: 'pending',
});

describe('urgency', () => {
  it('is none without a deadline', () => {
    expect(urgencyOf(req(0), 1e9)).toBe('none');
    expect(timeLeft(req(0), 5)).toBeUndefined();
  });

  it('turns urgent under one minute left', () => {
    const fiveMinutes = req(0, 300_000);
    expect(urgencyOf(fiveMinutes, 300_000 - 61_000)).toBe('deadline');
    expect(urgencyOf(fiveMinutes, 300_000 - 59_000)).toBe('urgent');
    expect(timeLeft(fiveMinutes, 300_000 - 59_000)).toBe(59_000);
  });

  it('turns urgent in the last 10 % of a long wait', () => {
    const day = req(0, 86_400_000);
    expect(urgencyOf(day, 86_400_000 - 8_700_000)).toBe('deadline');
    expect(urgencyOf(day, 86_400_000 - 8_600_000)).toBe('urgent');
  });

  it('stays urgent once past the deadline', () => {
    expect(urgencyOf(req(0, 1000), 5000)).toBe('urgent');
    expect(timeLeft(req(0, 1000), 5000)).toBe(-4000);
  });
});
