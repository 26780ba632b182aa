import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertSafePattern,
  listFiles,
  resolvePickedPath,
} from '../../../../main/adapters/file-pick/list-files';

let base: string;
let root: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'file-pick-'));
  root = join(base, 'ws');
  await mkdir(join(root, 'data/nested'), { recursive: true });
  await mkdir(join(base, 'outside'));
  await writeFile(join(base, 'outside/secret.csv'), 's');
  await writeFile(join(root, 'a.csv'), 'a');
  await writeFile(join(root, 'data/b.csv'), 'b');
  await writeFile(join(root, 'data/nested/c.csv'), 'c');
  await writeFile(join(root, 'data/readme.md'), 'r');
  await symlink(join(base, 'outside'), join(root, 'linkdir'));
  await symlink(join(base, 'outside/secret.csv'), join(root, 'escape.csv'));
  await symlink(join(root, 'a.csv'), join(root, 'inside-link.csv'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('listFiles', () => {
  it('lists matches relative to the root, sorted', async () => {
    expect(await listFiles(root, '**/*.csv')).toEqual({
      files: ['a.csv', 'data/b.csv', 'data/nested/c.csv'],
      truncated: false,
    });
    expect((await listFiles(root, 'data/*.md')).files).toEqual(['data/readme.md']);
  });

  it('never follows symlinks out of the root', async () => {
    const { files } = await listFiles(root, '**/*');
    expect(
      files.some((f) => f.includes('secret') || f.startsWith('linkdir') || f === 'escape.csv'),
    ).toBe(false);
  });

  it('caps the count', async () => {
    expect(await listFiles(root, '**/*.csv', { max: 2 })).toEqual({
      files: ['a.csv', 'data/b.csv'],
      truncated: true,
    });
  });

  it('rejects patterns that could leave the root', async () => {
    for (const bad of [
      '../outside/*.csv',
      'data/../../x',
      '/etc/*',
      'C:/x',
      '~/x',
      '..',
      'a\\..\\b',
      '',
      '{..,data}/*',
      'data/{a,..}/x',
    ]) {
      expect(() => assertSafePattern(bad), bad).toThrow(/invalid file pattern/);
    }
    await expect(listFiles(root, '../**')).rejects.toThrow(/\.\./);
  });

  it('returns nothing for a missing root and rejects a relative root', async () => {
    expect(await listFiles(join(base, 'missing'), '*')).toEqual({ files: [], truncated: false });
    await expect(listFiles('relative', '*')).rejects.toThrow(/absolute/);
  });

  it('checks a picked path', async () => {
    expect(await resolvePickedPath(root, 'data/b.csv')).toBe('data/b.csv');
    await expect(resolvePickedPath(root, 'escape.csv')).rejects.toThrow(/not a file inside/);
    await expect(resolvePickedPath(root, '../outside/secret.csv')).rejects.toThrow(
      /invalid file pattern/,
    );
  });
});
