import { readFile, readdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prewriteAnswer } from '../../../main/cli/prewritten-answer';
import { makeTempDir } from '../../support/temp-dir';

describe('prewriteAnswer (clarity-hitl answer before the question)', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => {
    await temp.remove();
  });

  it("creates the directory and names the file by the runtime's rule", async () => {
    const dir = join(temp.path, 'not-yet', '.clarity-hitl');
    const result = await prewriteAnswer(dir, 'deploy/prod v1.2', 'ship it');
    expect(result).toEqual({ path: join(dir, 'deploy_prod_v1_2.answer'), written: true });
    expect(await readFile(result.path, 'utf8')).toBe('ship it');
    // Written through a temp file and a rename: nothing else is left behind.
    expect(await readdir(dir)).toEqual(['deploy_prod_v1_2.answer']);
  });

  it('leaves an answer already waiting alone, a dangling symlink included', async () => {
    const first = await prewriteAnswer(temp.path, 'k', 'first');
    expect(await prewriteAnswer(temp.path, 'k', 'second')).toEqual({
      path: first.path,
      written: false,
    });
    expect(await readFile(first.path, 'utf8')).toBe('first');
    const target = join(temp.path, 'elsewhere.txt');
    await symlink(target, join(temp.path, 'link.answer'));
    expect((await prewriteAnswer(temp.path, 'link', 'x')).written).toBe(false);
    expect(await readdir(temp.path)).not.toContain('elsewhere.txt');
  });
});
