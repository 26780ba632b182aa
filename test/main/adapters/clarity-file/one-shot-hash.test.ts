import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Base64, sha256Hex } from '../../../../main/adapters/clarity-file/one-shot-hash';

describe('one-shot SHA-256', () => {
  it('matches a Hash object on ASCII, Unicode and empty input', () => {
    for (const text of ['', 'deploy', '中文 é 🚀', 'x'.repeat(100_000)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
      expect(sha256Base64(text)).toBe(createHash('sha256').update(text).digest('base64'));
    }
  });
});
