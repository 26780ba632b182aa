import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileRootPolicy } from '../../../../main/adapters/file-pick/file-roots';
import { resolvePickedPath } from '../../../../main/adapters/file-pick/list-files';
import { makeTempDir } from '../../../support/temp-dir';

let root: string;
let remove: () => Promise<void>;
beforeEach(async () => {
  const made = await makeTempDir('hitl-roots-');
  root = await realpath(made.path);
  remove = made.remove;
});
afterEach(() => remove());

describe('file_pick roots', () => {
  it('by default allows non-hidden dirs below home and the handshake dirs, nothing else', async () => {
    const home = join(root, 'home');
    const project = join(home, 'src', 'project');
    const hs = join(root, 'hs');
    for (const dir of [project, join(home, '.ssh'), hs]) await mkdir(dir, { recursive: true });
    const refused: string[] = [];
    const policy = new FileRootPolicy({
      home,
      handshakeDirs: () => [hs],
      onRefused: (r) => refused.push(r),
    });
    expect(policy.check(project)).toBe(project);
    expect(policy.check(hs)).toBe(hs);
    for (const bad of [
      home,
      join(home, '.ssh'),
      '/etc',
      '/proc/self',
      `${project}/../../..`,
      'rel',
    ])
      expect(() => policy.check(bad), bad).toThrow(/file_pick root/);
    expect(refused).toHaveLength(6);
  });

  it('with --file-root, only those roots (and the handshake dirs); links out of them are refused', async () => {
    const allowed = join(root, 'allowed');
    const home = join(root, 'home');
    await mkdir(join(allowed, 'sub'), { recursive: true });
    await mkdir(join(home, 'project'), { recursive: true });
    await symlink('/etc', join(allowed, 'etc-link'));
    const policy = new FileRootPolicy({ roots: [allowed], home });
    expect(policy.check(join(allowed, 'sub'))).toBe(join(allowed, 'sub'));
    expect(() => policy.check(join(home, 'project'))).toThrow(/--file-root/);
    expect(() => policy.check(join(allowed, 'etc-link'))).toThrow(/not inside/);
    expect(() => policy.check(join(allowed, 'missing'))).toThrow(/does not exist/);
  });

  it('reads the roots at each check (the desktop setting changes while running)', async () => {
    const a = join(root, 'a');
    const b = join(root, 'b');
    await mkdir(a);
    await mkdir(b);
    let setting = [a];
    const policy = new FileRootPolicy({ roots: () => setting, home: join(root, 'nohome') });
    expect(policy.check(a)).toBe(a);
    expect(() => policy.check(b)).toThrow(/not inside/);
    setting = [b];
    expect(policy.check(b)).toBe(b);
    expect(() => policy.check(a)).toThrow(/not inside/);
  });

  it('a picked directory is not a file', async () => {
    await mkdir(join(root, 'dir.csv'));
    await writeFile(join(root, 'data.csv'), 'a,b');
    await expect(resolvePickedPath(root, 'data.csv')).resolves.toBe('data.csv');
    await expect(resolvePickedPath(root, 'dir.csv')).rejects.toThrow(
      'invalid file: dir.csv is a directory, not a file',
    );
  });
});
