import { describe, expect, it } from 'vitest';
import { holdsOwnMirror, type Tracked } from '../../../../main/adapters/clarity-file/tracked-bases';

const written = { ino: 7, size: 120, mtimeMs: 1_700_000_000_000.5 };
const mirror = (entry: Partial<Tracked> = {}): Tracked => ({
  requestId: 'r1',
  kind: 'mirror',
  ready: true,
  signature: written,
  ...entry,
});

describe('holdsOwnMirror', () => {
  it('is the broker’s own file while the path still holds the mirror it wrote', () => {
    expect(holdsOwnMirror(mirror(), () => ({ ...written }))).toBe(true);
  });

  it('is not once something else was written over the mirror, or the file is gone', () => {
    expect(holdsOwnMirror(mirror(), () => ({ ...written, ino: 8 }))).toBe(false);
    expect(holdsOwnMirror(mirror(), () => ({ ...written, size: 121 }))).toBe(false);
    expect(holdsOwnMirror(mirror(), () => undefined)).toBe(false);
  });

  it('is while the mirror is claimed but not written yet, and never for a runtime’s file', () => {
    expect(holdsOwnMirror(mirror({ ready: false, signature: undefined }), () => undefined)).toBe(
      true,
    );
    expect(holdsOwnMirror({ requestId: 'r2', kind: 'file', ready: true }, () => written)).toBe(
      false,
    );
    expect(holdsOwnMirror(undefined, () => written)).toBe(false);
  });
});
