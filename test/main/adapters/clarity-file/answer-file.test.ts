import { existsSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeIfPresent, removeNow } from '../../../../main/adapters/clarity-file/answer-file';
import { existsNow } from '../../../../main/adapters/clarity-file/handshake-dir';
import { makeTempDir } from '../../../support/temp-dir';

describe('removing and looking for handshake files', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => {
    await temp.remove();
  });

  it('removeNow removes a file at once and says it did; a second call finds nothing', async () => {
    const file = join(temp.path, 'a.question');
    await writeFile(file, '{}');
    expect(removeNow(file)).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect(removeNow(file)).toBe(false);
  });

  it('removeNow takes a path under a file (ENOTDIR) as already gone', async () => {
    const file = join(temp.path, 'plain');
    await writeFile(file, 'x');
    expect(removeNow(join(file, 'a.answer'))).toBe(false);
    expect(existsSync(file)).toBe(true);
  });

  it('removeNow removes a symlink, never what it points to', async () => {
    const target = join(temp.path, 'target');
    await writeFile(target, 'keep');
    const link = join(temp.path, 'b.answer');
    await symlink(target, link);
    expect(removeNow(link)).toBe(true);
    expect(existsSync(target)).toBe(true);
  });

  it('removeNow and removeIfPresent refuse a directory with its error, not as "gone"', async () => {
    const dir = join(temp.path, 'c.question');
    await mkdir(dir);
    expect(() => removeNow(dir)).toThrow(/EISDIR|EPERM/);
    await expect(removeIfPresent(dir)).rejects.toThrow(/EISDIR|EPERM/);
    expect(existsSync(dir)).toBe(true);
  });

  it('existsNow: a file, a dangling symlink and a directory exist; a missing name and a path under a file do not', async () => {
    const file = join(temp.path, 'd.question');
    await writeFile(file, '{}');
    await symlink(join(temp.path, 'nowhere'), join(temp.path, 'e.question'));
    expect(existsNow(file)).toBe(true);
    expect(existsNow(join(temp.path, 'e.question'))).toBe(true);
    expect(existsNow(temp.path)).toBe(true);
    expect(existsNow(join(temp.path, 'missing.question'))).toBe(false);
    expect(existsNow(join(file, 'below'))).toBe(false);
  });
});
