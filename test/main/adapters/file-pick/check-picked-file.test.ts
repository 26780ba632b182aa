import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPickedFile } from '../../../../main/adapters/file-pick/check-picked-file';
import { InvalidInputError } from '../../../../main/broker/errors';
import type { HitlRequest } from '@contract/request';

let root: string;
let outside: string;

function fileRequest(pattern: string): HitlRequest {
  return {
    id: 'r1',
    source: 'tool-server-lite',
    key: 'HIL-1',
    prompt: 'Pick the data file',
    input: { kind: 'file', pattern, root },
    createdAt: 0,
    status: 'pending',
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pick-root-'));
  outside = await mkdtemp(join(tmpdir(), 'pick-outside-'));
  await mkdir(join(root, 'data'));
  await writeFile(join(root, 'data', 'a.csv'), 'x');
  await writeFile(join(root, 'notes.txt'), 'x');
  await writeFile(join(outside, 'secret.csv'), 'x');
  await symlink(join(outside, 'secret.csv'), join(root, 'data', 'link.csv'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('checkPickedFile', () => {
  it('accepts and normalises a matching file inside the root', async () => {
    const checked = await checkPickedFile(fileRequest('**/*.csv'), {
      value: { kind: 'file', path: './data/a.csv' },
    });
    expect(checked.value).toEqual({ kind: 'file', path: 'data/a.csv' });
  });

  it('rejects a file that does not match the pattern', async () => {
    await expect(
      checkPickedFile(fileRequest('**/*.csv'), { value: { kind: 'file', path: 'notes.txt' } }),
    ).rejects.toThrow(/does not match/);
  });

  it('rejects traversal, absolute paths and symlinks that leave the root', async () => {
    for (const path of [
      '../secret.csv',
      join(outside, 'secret.csv'),
      'data/link.csv',
      'data/missing.csv',
    ]) {
      await expect(
        checkPickedFile(fileRequest('**/*.csv'), { value: { kind: 'file', path } }),
      ).rejects.toBeInstanceOf(InvalidInputError);
    }
  });

  it('leaves answers to other kinds of request alone', async () => {
    const text = { ...fileRequest('*'), input: { kind: 'text' as const } };
    const input = { text: '../anything' };
    expect(await checkPickedFile(text, input)).toBe(input);
  });
});
