import { chmodSync, chownSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HOOK_PROOF_FILE,
  deriveProofKey,
  proofMatches,
  proofOf,
  readProofKey,
  writeProofKey,
} from '../../../main/service/broker-proof';
import { makeTempDir } from '../../support/temp-dir';

const SECRET = 'proof-test-operator-secret-proof-test-operator-s';
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dir: string;
beforeEach(async () => {
  temp = await makeTempDir('hitl-proof-');
  dir = path.join(temp.path, 'state');
  mkdirSync(dir);
});
afterEach(() => temp.remove());

describe('the hook proof key', () => {
  it('is written 0600 and read back as the key derived from the secret', () => {
    const file = writeProofKey(dir, SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readProofKey(dir)).toBe(deriveProofKey(SECRET));
    expect(deriveProofKey(SECRET)).not.toBe(deriveProofKey(`${SECRET}x`));
  });

  it('none when missing or not a key', () => {
    expect(readProofKey(dir)).toBeUndefined();
    writeFileSync(path.join(dir, HOOK_PROOF_FILE), 'not a key\n', { mode: 0o600 });
    expect(readProofKey(dir)).toBeUndefined();
  });

  it.skipIf(process.platform === 'win32')(
    'refused when others may read or write it, or it is a symlink',
    () => {
      const file = writeProofKey(dir, SECRET);
      chmodSync(file, 0o644);
      expect(readProofKey(dir)).toBeUndefined();
      chmodSync(file, 0o620);
      expect(readProofKey(dir)).toBeUndefined();
      chmodSync(file, 0o600);
      const other = path.join(temp.path, 'other');
      mkdirSync(other);
      symlinkSync(file, path.join(other, HOOK_PROOF_FILE));
      expect(readProofKey(other)).toBeUndefined();
    },
  );

  it.skipIf(process.getuid?.() !== 0)('refused when it belongs to another user', () => {
    const file = writeProofKey(dir, SECRET);
    chownSync(file, 65534, 65534);
    expect(readProofKey(dir)).toBeUndefined();
  });

  it('a proof matches only its own purpose, nonce and body', () => {
    const key = deriveProofKey(SECRET);
    const proof = proofOf(key, 'decision', 'nonce-1', '{"behavior":"allow"}');
    expect(proofMatches(key, 'decision', 'nonce-1', '{"behavior":"allow"}', proof)).toBe(true);
    expect(proofMatches(key, 'hello', 'nonce-1', '{"behavior":"allow"}', proof)).toBe(false);
    expect(proofMatches(key, 'decision', 'nonce-2', '{"behavior":"allow"}', proof)).toBe(false);
    expect(proofMatches(key, 'decision', 'nonce-1', '{"behavior":"deny"}', proof)).toBe(false);
    expect(proofMatches(key, 'decision', 'nonce-1', '{"behavior":"allow"}', [proof])).toBe(false);
    expect(proofMatches(key, 'decision', 'nonce-1', '{"behavior":"allow"}', '')).toBe(false);
  });
});
