import { describe, expect, it } from 'vitest';
import { desktopStrings, resolveLanguage } from '../../../main/desktop/desktop-strings';

describe('resolveLanguage', () => {
  it('keeps an explicit choice and maps "system" from the locale', () => {
    expect(resolveLanguage('en', 'zh-CN')).toBe('en');
    expect(resolveLanguage('zh-CN', 'en-US')).toBe('zh-CN');
    expect(resolveLanguage('system', 'zh-TW')).toBe('zh-CN');
    expect(resolveLanguage('system', 'de-DE')).toBe('en');
    expect(resolveLanguage('system', '')).toBe('en');
  });
});

describe('desktopStrings', () => {
  it('names the port and the new URL when the broker had to move', () => {
    const url = 'http://127.0.0.1:50123/';
    expect(desktopStrings('en').portMoved(7842, url)).toMatch(/Port 7842 .*50123/);
    expect(desktopStrings('zh-CN').portMoved(7842, url)).toMatch(/端口 7842.*50123/);
  });
});
