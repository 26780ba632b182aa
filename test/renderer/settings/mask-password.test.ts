import { describe, expect, it } from 'vitest';
import { maskPassword } from '../../../renderer/src/settings/mask-password';

describe('maskPassword', () => {
  it('hides the password of a database URL and leaves everything else as typed', () => {
    expect(maskPassword('postgres://alice:s3cr3t@db.internal:5432/hitl')).toBe(
      'postgres://alice:••••@db.internal:5432/hitl',
    );
    expect(maskPassword('postgresql://bob:p%40ss:w@db/hitl?sslmode=require')).toBe(
      'postgresql://bob:••••@db/hitl?sslmode=require',
    );
    for (const plain of ['', 'embedded', 'postgres://alice@db/hitl', 'postgres://db/hitl'])
      expect(maskPassword(plain)).toBe(plain);
  });
});
