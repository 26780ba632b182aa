import { describe, expect, it } from 'vitest';
import { formatAge, inboxTitle } from '../../../renderer/src/format/age';
import { translate } from '../../../renderer/src/i18n/translate';
import type { MessageKey } from '../../../renderer/src/i18n/en';

const zh = (key: MessageKey, vars?: Record<string, string | number>) => translate('zh', key, vars);

describe('formatAge / inboxTitle', () => {
  it('formats ages compactly (English by default)', () => {
    expect(formatAge(0)).toBe('now');
    expect(formatAge(42_000)).toBe('42s');
    expect(formatAge(5 * 60_000)).toBe('5m');
    expect(formatAge(3 * 3_600_000)).toBe('3h');
    expect(formatAge(3 * 86_400_000)).toBe('3d');
  });
  it('uses localized units from the dictionary', () => {
    expect(formatAge(-5000, zh)).toBe('刚刚');
    expect(formatAge(42_000, zh)).toBe('42秒');
    expect(formatAge(10 * 60_000, zh)).toBe('10分钟');
    expect(formatAge(2 * 3_600_000, zh)).toBe('2小时');
    expect(formatAge(3 * 86_400_000, zh)).toBe('3天');
  });
  it('puts the pending count first in the title', () => {
    expect(inboxTitle(0, 'HITL Broker')).toBe('HITL Broker');
    expect(inboxTitle(12, 'HITL Broker')).toBe('(12) HITL Broker');
  });
});
