import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en';
import { languageFor, translate } from '../../../renderer/src/i18n/translate';
import { zh } from '../../../renderer/src/i18n/zh';

describe('i18n', () => {
  it('picks Chinese for any zh tag, English otherwise', () => {
    expect(languageFor('zh-CN')).toBe('zh');
    expect(languageFor('zh-Hans-SG')).toBe('zh');
    expect(languageFor('en-GB')).toBe('en');
    expect(languageFor('fr')).toBe('en');
    expect(languageFor(undefined)).toBe('en');
  });
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'pendingCount', { n: 3 })).toBe('3 pending');
    expect(translate('zh', 'noticeAnswered', { key: 'k1' })).toBe('“k1” 已在别处回答。');
    expect(translate('en', 'pendingCount')).toBe('{n} pending');
  });
  it('every English string has a Chinese one with the same placeholders', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(zh[key], key).toBeTruthy();
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(zh[key]), key).toEqual(names(en[key]));
    }
  });
});
