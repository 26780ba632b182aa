import { readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomicOver } from '../../../../main/adapters/clarity-file/atomic-write';
import { makeTempDir } from '../../../support/temp-dir';

describe('writeFileAtomicOver', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => {
    await temp.remove();
  });

  it('where no file is: puts the text in place with one link, no temp left, present() not asked', async () => {
    const file = join(temp.path, 'a.answer');
    let asked = 0;
    await writeFileAtomicOver(file, 'yes', async () => {
      asked += 1;
    });
    expect(asked).toBe(0);
    expect(await readdir(temp.path)).toEqual(['a.answer']);
    expect(await readFile(file, 'utf8')).toBe('yes');
    expect((await stat(file)).nlink).toBe(1);
  });

  it('where a file is: present() sees it whole first, then it is replaced', async () => {
    const file = join(temp.path, 'a.answer');
    await writeFile(file, 'theirs');
    const seen: string[] = [];
    await writeFileAtomicOver(file, 'ours', async () => {
      seen.push(await readFile(file, 'utf8'));
    });
    expect(seen).toEqual(['theirs']);
    expect(await readFile(file, 'utf8')).toBe('ours');
    expect(await readdir(temp.path)).toEqual(['a.answer']);
  });

  it('a file renamed in after a check by the caller is still seen (not replaced unseen)', async () => {
    const file = join(temp.path, 'a.answer');
    // The caller looked (nothing there), then another writer's file lands before the write.
    const before = await readdir(temp.path);
    await writeFile(join(temp.path, '.theirs.tmp'), 'file answer');
    await rename(join(temp.path, '.theirs.tmp'), file);
    const seen: string[] = [];
    await writeFileAtomicOver(file, 'decided answer', async () => {
      seen.push(await readFile(file, 'utf8'));
    });
    expect(before).toEqual([]);
    expect(seen).toEqual(['file answer']);
    expect(await readFile(file, 'utf8')).toBe('decided answer');
  });

  it('a present() that throws leaves the other file and no temp file', async () => {
    const file = join(temp.path, 'a.answer');
    await writeFile(file, 'theirs');
    await expect(
      writeFileAtomicOver(file, 'ours', async () => {
        throw new Error('store unreachable');
      }),
    ).rejects.toThrow('store unreachable');
    expect(await readdir(temp.path)).toEqual(['a.answer']);
    expect(await readFile(file, 'utf8')).toBe('theirs');
  });
});
