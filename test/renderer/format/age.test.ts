import { describe, expect, it } from 'vitest';
import { formatAge, inboxTitle } from '../../../renderer/src/format/age';

describe('formatAge / inboxTitle', () => {
  it('formats ages compactly', () => {
    expect(formatAge(0)).toBe('now');
    expect(formatAge(-5000, '刚刚')).toBe('刚刚');
    expect(formatAge(42_000)).toBe('42s');
    expect(formatAge(5 * 60_000)).toBe('5m');
    expect(formatAge(3 * 3_600_000)).toBe('3h');
    expect(formatAge(3 * 86_400_000)).toBe('3d');
  });
  it('puts the pending count first in the title', () => {
    expect(inboxTitle(0, 'HITL Broker')).toBe('HITL Broker');
    expect(inboxTitle(12, 'HITL Broker')).toBe('(12) HITL Broker');
  });
});
