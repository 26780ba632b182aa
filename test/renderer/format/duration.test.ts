import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDuration } from '../../../renderer/src/format/duration';
import { translate } from '../../../renderer/src/i18n/translate';
import type { AgeTranslate } from '../../../renderer/src/format/age';

const en: AgeTranslate = (key, vars) => translate('en', key, vars);
const zh: AgeTranslate = (key, vars) => translate('zh', key, vars);

describe('formatDuration', () => {
  it('reads in whole units', () => {
    expect(formatDuration(45_000, en)).toBe('45 s');
    expect(formatDuration(300_000, en)).toBe('5 min');
    expect(formatDuration(7_800_000, en)).toBe('2 h 10 min');
    expect(formatDuration(7_200_000, en)).toBe('2 h');
    expect(formatDuration(3 * 86_400_000, en)).toBe('3 d');
    expect(formatDuration(300_000, zh)).toBe('5 分钟');
  });
});

describe('formatCountdown', () => {
  it('counts seconds, then m:ss under ten minutes, then whole units', () => {
    expect(formatCountdown(42_300, en)).toBe('43 s');
    expect(formatCountdown(245_000, en)).toBe('4:05');
    expect(formatCountdown(3_600_000, en)).toBe('1 h');
    expect(formatCountdown(3_599_000, en)).toBe('59 min');
    expect(formatCountdown(-5_000, en)).toBe('0 s');
  });
});
