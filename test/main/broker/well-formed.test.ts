import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isStorable,
  isWellFormed,
  NOT_WELL_FORMED_MESSAGE,
  unstorablePath,
} from '@contract/well-formed';
import { parseOrThrow } from '../../../main/broker/validation';

describe('isWellFormed', () => {
  it('accepts any well-formed text, including astral characters (surrogate pairs)', () => {
    for (const text of ['', 'plain', 'émoji 😀 ok', '\ud83d\ude00', '中文/id'])
      expect(isWellFormed(text), text).toBe(true);
  });

  it('rejects unpaired surrogates anywhere', () => {
    for (const text of ['\ud800', 'a\udddbb', 'end\ud83d', '\ude00start', '\ude00\ud83d']) {
      expect(isWellFormed(text), JSON.stringify(text)).toBe(false);
      expect(() => encodeURIComponent(text)).toThrow(URIError);
    }
  });

  it('as a zod refinement, the error names the field', () => {
    const schema = z.object({ id: z.string().refine(isWellFormed, NOT_WELL_FORMED_MESSAGE) });
    expect(() => parseOrThrow(schema, { id: 'x\ud800' }, 'envelope')).toThrow(
      `invalid envelope: id: ${NOT_WELL_FORMED_MESSAGE}`,
    );
  });
});

describe('isStorable', () => {
  // The rule as one regular expression (what isStorable answered before it used the built-ins).
  // eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
  const byRegex = (text: string) => !/\u0000|[\ud800-\udfff]/u.test(text);

  it('refuses NUL and unpaired surrogates anywhere, accepts everything else', () => {
    const texts = [
      '',
      'plain',
      'é 中文 😀',
      '\ud83d\ude00',
      'a\u0000b',
      '\u0000',
      'x\ud800',
      '\udfffy',
    ];
    for (const text of [...texts, ...texts.map((t) => `long ${'x'.repeat(300)}${t}é`)])
      expect(isStorable(text), JSON.stringify(text)).toBe(byRegex(text));
  });
});

describe('unstorablePath', () => {
  it('names the first unstorable string, key or value, by its path', () => {
    expect(unstorablePath({ prompt: 'ok', meta: { note: 'a\u0000' } })).toBe('meta.note');
    expect(unstorablePath({ input: { options: [{ label: 'ok' }, { label: '\ud800' }] } })).toBe(
      'input.options.1.label',
    );
    expect(unstorablePath({ meta: { ['k\u0000']: 1 } })).toBe('meta.k\u0000');
    expect(unstorablePath('x\udc00')).toBe('(value)');
    expect(unstorablePath('x\udc00', 'prompt')).toBe('prompt');
  });

  it('passes what every store keeps, and looks only at own fields', () => {
    expect(
      unstorablePath({ id: 'a', n: 1, ok: true, none: null, list: ['😀', 2], deep: { x: 'é' } }),
    ).toBeUndefined();
    const inherited = Object.create({ bad: '\u0000' }) as Record<string, unknown>;
    inherited.good = 'fine';
    expect(unstorablePath(inherited)).toBeUndefined();
  });
});
