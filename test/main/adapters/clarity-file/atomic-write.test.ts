import * as fs from 'node:fs';
import { readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeKey, writeFileAtomic } from '../../../../main/adapters/clarity-file';
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
});

describe('safeKey', () => {
  it('maps every character outside [a-zA-Z0-9_-] to _ like the Clarity runtime', () => {
    expect(safeKey('review-step_3')).toBe('review-step_3');
    expect(safeKey('review step/3.a')).toBe('review_step_3_a');
    expect(safeKey('../x')).toBe('___x');
    expect(safeKey('é')).toBe('_');
  });
});
