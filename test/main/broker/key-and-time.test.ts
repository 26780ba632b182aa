import { describe, expect, it } from 'vitest';
import { TimestampSchema } from '../../../main/broker/liberal-timestamp';
import { escapeControls } from '@contract/printable';
import { MAX_KEY_BYTES, RequestKeySchema } from '../../../main/broker/request-key';

describe('RequestKeySchema', () => {
  it.each([
    'deploy/prod',
    'a..b',
    '../../etc/passwd',
    'C:\\temp\\x',
    'naïve 日本語',
    '🚀🎉',
    'tab\there\u0001ctl',
    'é'.repeat(MAX_KEY_BYTES / 2),
  ])('accepts %j', (key) => {
    expect(RequestKeySchema.safeParse(key)).toEqual({ success: true, data: key });
  });

  it.each([
    ['', /must not be empty/],
    ['é'.repeat(MAX_KEY_BYTES / 2 + 1), /at most 4096 bytes/],
    ['x'.repeat(MAX_KEY_BYTES + 1), /at most 4096 bytes/],
    ['lone \ud800', /well-formed Unicode/],
    ['nul\u0000', /must not contain NUL/],
  ])('refuses %j', (key, message) => {
    const parsed = RequestKeySchema.safeParse(key);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(message);
  });
});

describe('TimestampSchema (liberal where the meaning is clear)', () => {
  const ms = Date.UTC(2026, 10, 23, 12, 0, 0);
  it.each([
    [ms, ms],
    [ms / 1000, ms],
    [ms / 1000 + 0.25, ms + 250],
    [String(ms), ms],
    [String(ms / 1000), ms],
    ['2026-11-23T12:00:00Z', ms],
    ['2026-11-23T13:00:00+01:00', ms],
  ])('%j → %d ms', (input, expected) => {
    expect(TimestampSchema.parse(input)).toBe(expected);
  });

  it.each(['yesterday', '', true, null])('refuses %j naming what a time is', (input) => {
    const parsed = TimestampSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/must be a time/);
  });
});

describe('escapeControls', () => {
  it('shows control characters and direction overrides escaped, everything else as is', () => {
    expect(
      escapeControls('a\nb\tc\rd\u0000e\u001b[31mf\u007fg\u009bh\u202ei naïve 日本語 🚀'),
    ).toBe('a\\nb\\tc\\rd\\x00e\\x1b[31mf\\x7fg\\x9bh\\u202ei naïve 日本語 🚀');
  });
});
