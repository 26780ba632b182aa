import { readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { safeKey, writeFileAtomic } from '../../../../main/adapters/clarity-file';
import { makeTempDir } from '../../../support/temp-dir';

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
