import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isWellFormed, NOT_WELL_FORMED_MESSAGE } from '@contract/well-formed';
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
