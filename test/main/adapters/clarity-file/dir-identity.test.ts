import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DirGuard, DirIdentity } from '../../../../main/adapters/clarity-file/dir-identity';

describe('DirIdentity', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'dir-identity-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  /** A real directory at `root/hitl`, captured. */
  function captured(): { dir: string; identity: DirIdentity } {
    const dir = join(root, 'hitl');
    mkdirSync(dir);
    return { dir, identity: DirIdentity.capture(dir) };
  }

  it('is unchanged while the path is the directory captured, files coming and going', () => {
    const { dir, identity } = captured();
    writeFileSync(join(dir, 'a.question'), '{}');
    expect(identity.changed()).toBeUndefined();
  });

  it('names each way a directory can be replaced', () => {
    const { dir, identity } = captured();
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);

    renameSync(dir, join(root, 'moved'));
    expect(identity.changed()).toBe('was removed or moved away');

    mkdirSync(dir);
    expect(identity.changed()).toBe('was replaced by another directory');

    rmSync(dir, { recursive: true });
    symlinkSync(join(root, 'moved'), dir);
    // Even a link to the very directory captured: from now on the path can be pointed anywhere.
    expect(identity.changed()).toBe('was replaced by a symbolic link');

    rmSync(dir);
    writeFileSync(dir, 'not a directory');
    expect(identity.changed()).toBe('was replaced by something that is not a directory');
  });

  it('follows a path that was a symlink when captured: the target must stay the same directory', () => {
    const target = join(root, 'target');
    const other = join(root, 'other');
    mkdirSync(target);
    mkdirSync(other);
    const link = join(root, 'link');
    symlinkSync(target, link);
    const identity = DirIdentity.capture(link);
    expect(identity.changed()).toBeUndefined();

    rmSync(link);
    symlinkSync(other, link);
    expect(identity.changed()).toBe('was replaced by another directory');

    rmSync(link);
    symlinkSync(join(root, 'nowhere'), link);
    expect(identity.changed()).toBe('was removed or moved away');
  });

  it('refuses to capture something that is not a directory', () => {
    const file = join(root, 'file');
    writeFileSync(file, '');
    expect(() => DirIdentity.capture(file)).toThrow('is not a directory');
  });
});

describe('DirGuard', () => {
  it('tells onLost once, and is unusable from then on', () => {
    const root = mkdtempSync(join(tmpdir(), 'dir-guard-'));
    const dir = join(root, 'hitl');
    mkdirSync(dir);
    const onLost = vi.fn();
    const guard = new DirGuard(dir, 60_000, onLost);
    try {
      expect(guard.usable()).toBe(true);
      renameSync(dir, join(root, 'gone'));
      expect(guard.usable()).toBe(false);
      expect(guard.usable()).toBe(false);
      expect(onLost).toHaveBeenCalledTimes(1);
      expect(onLost).toHaveBeenCalledWith(`${dir} was removed or moved away; it is no longer used`);
    } finally {
      guard.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
