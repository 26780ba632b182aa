import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { agoText, resolutionText } from '../../../renderer/src/format/resolution';
import { translate } from '../../../renderer/src/i18n/translate';
import { pendingRequest } from '../client/fixtures';

const en = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
  translate('en', key, vars);
const zh = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
  translate('zh', key, vars);

const resolved = (over: Partial<HitlRequest>): HitlRequest =>
  pendingRequest('r', { resolvedAt: 10_000, ...over });

describe('resolutionText', () => {
  it('says by whom or what and when, in plain words', () => {
    const now = 12_000;
    expect(resolutionText(resolved({ status: 'answered', resolvedBy: 'cli' }), now, en)).toBe(
      'Answered in the terminal 2 s ago',
    );
    expect(resolutionText(resolved({ status: 'answered', resolvedBy: 'ui' }), now, en)).toBe(
      'Answered in another inbox window 2 s ago',
    );
    expect(resolutionText(resolved({ status: 'answered', resolvedBy: 'http' }), now, en)).toBe(
      'Answered through the HTTP API 2 s ago',
    );
    expect(resolutionText(resolved({ status: 'cancelled', resolvedBy: 'agent' }), now, en)).toBe(
      'Cancelled by the agent 2 s ago',
    );
    expect(resolutionText(resolved({ status: 'expired', resolvedBy: 'timeout' }), now, en)).toBe(
      'Expired 2 s ago',
    );
    expect(resolutionText(resolved({ status: 'answered' }), now, en)).toBe(
      'Answered elsewhere 2 s ago',
    );
    expect(resolutionText(resolved({ status: 'cancelled', resolvedBy: 'cli' }), now, zh)).toBe(
      '2 秒前在终端中取消',
    );
  });

  it('never shows the internal resolver names ("by ui")', () => {
    for (const by of ['ui', 'cli', 'http', 'auto', 'system'] as const) {
      const text = resolutionText(resolved({ status: 'answered', resolvedBy: by }), 10_000, en);
      expect(text).not.toMatch(new RegExp(`\\b${by}\\b`));
    }
  });

  it('a request that vanished while the page was away says so', () => {
    expect(resolutionText(pendingRequest('r'), 0, en, true)).toMatch(/^No longer pending/);
  });
});

describe('agoText', () => {
  it('counts seconds, minutes, hours and days', () => {
    expect(agoText(400, en)).toBe('just now');
    expect(agoText(59_000, en)).toBe('59 s ago');
    expect(agoText(5 * 60_000, en)).toBe('5 min ago');
    expect(agoText(3 * 3_600_000, en)).toBe('3 h ago');
    expect(agoText(3 * 86_400_000, en)).toBe('3 days ago');
  });
});
