import * as fs from 'node:fs';
import { readFile, readdir, rename, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeKey, writeFileAtomic } from '../../../../main/adapters/clarity-file';
import { writeFileAtomicOver } from '../../../../main/adapters/clarity-file/atomic-write';
import { makeTempDir } from '../../../support/temp-dir';

vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs')>();
  return { ...original, openSync: vi.fn(original.openSync) };
});

describe('writeFileAtomic', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => {
    await temp.remove();
  });

  it('leaves only the target file, with the full text', async () => {
    await writeFileAtomic(join(temp.path, 'a.answer'), 'héllo\nworld');
    expect(await readdir(temp.path)).toEqual(['a.answer']);
    expect(await readFile(join(temp.path, 'a.answer'), 'utf8')).toBe('héllo\nworld');
  });

  it('passes over a temp name someone else took, and leaves their file alone', async () => {
    const realOpen = vi.mocked(fs.openSync).getMockImplementation()!;
    const planted: string[] = [];
    vi.mocked(fs.openSync).mockImplementation(((path: fs.PathLike, flags?: fs.OpenMode) => {
      // Another process created the temp name this write picked, just before it.
      if (flags === 'wx' && planted.length < 2) {
        planted.push(String(path));
        fs.writeFileSync(path, 'theirs');
      }
      return realOpen(path, flags!);
    }) as typeof fs.openSync);
    try {
      await writeFileAtomic(join(temp.path, 'b.answer'), 'ours');
    } finally {
      vi.mocked(fs.openSync).mockImplementation(realOpen);
    }
    expect(planted).toHaveLength(2);
    expect(await readFile(join(temp.path, 'b.answer'), 'utf8')).toBe('ours');
    for (const path of planted) expect(await readFile(path, 'utf8')).toBe('theirs');
    expect((await readdir(temp.path)).sort()).toEqual(
      ['b.answer', ...planted.map((p) => p.slice(temp.path.length + 1))].sort(),
    );
  });

  it('a concurrent reader sees the old or the new content, never a part', async () => {
    const path = join(temp.path, 'big.answer');
    const a = 'a'.repeat(2_000_000);
    const b = 'b'.repeat(2_000_000);
    await writeFileAtomic(path, a);
    let writing = true;
    const reads: string[] = [];
    const reader = (async () => {
      while (writing) reads.push(await readFile(path, 'utf8'));
    })();
    for (let i = 0; i < 5; i++) await writeFileAtomic(path, i % 2 ? a : b);
    writing = false;
    await reader;
    expect(reads.length).toBeGreaterThan(0);
    for (const text of reads) expect(text === a || text === b).toBe(true);
  });

  it('replaces a symlink instead of writing through it', async () => {
    const target = join(temp.path, 'target.txt');
    await writeFile(target, 'untouched');
    await symlink(target, join(temp.path, 'x.answer'));
    await writeFileAtomic(join(temp.path, 'x.answer'), 'answer');
    expect(await readFile(target, 'utf8')).toBe('untouched');
    expect(await readFile(join(temp.path, 'x.answer'), 'utf8')).toBe('answer');
  });

  describe('writeFileAtomicOver (an answer file someone else may write at the same moment)', () => {
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
});

describe('safeKey', () => {
  it('maps every character outside [a-zA-Z0-9_-] to _ like the Clarity runtime', () => {
    expect(safeKey('review-step_3')).toBe('review-step_3');
    expect(safeKey('review step/3.a')).toBe('review_step_3_a');
    expect(safeKey('../x')).toBe('___x');
    expect(safeKey('é')).toBe('_');
  });
});
