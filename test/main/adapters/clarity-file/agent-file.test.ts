import { execFileSync } from 'node:child_process';
import { link, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAgentFile } from '../../../../main/adapters/clarity-file/agent-file';
import { readAnswerFile } from '../../../../main/adapters/clarity-file/answer-file';
import { readQuestionFile } from '../../../../main/adapters/clarity-file/question-file';
import { makeTempDir } from '../../../support/temp-dir';

const posix = process.platform !== 'win32';
let dir: string;
let remove: () => Promise<void>;
beforeEach(async () => ({ path: dir, remove } = await makeTempDir('hitl-agent-file-')));
afterEach(() => remove());

describe('readAgentFile', () => {
  it('reads a regular file from its descriptor', async () => {
    await writeFile(join(dir, 'a'), 'hello');
    const read = readAgentFile(join(dir, 'a'), 100);
    expect(read.ok && read.bytes.toString()).toBe('hello');
  });

  it('reads exactly the bytes of files of every size up to the bound, and an empty one', async () => {
    for (const size of [0, 1, 4095, 8192, 65_537, 300_000]) {
      const bytes = Buffer.alloc(size, 'ab');
      await writeFile(join(dir, `f${size}`), bytes);
      const read = readAgentFile(join(dir, `f${size}`), 300_000);
      expect(read.ok && read.bytes.equals(bytes)).toBe(true);
    }
  });

  it('reports a missing file as missing', () => {
    expect(readAgentFile(join(dir, 'none'), 100)).toEqual({ ok: false, missing: true });
  });

  it.runIf(posix)('returns at once for a FIFO with no writer, never reading it', async () => {
    execFileSync('mkfifo', [join(dir, 'x.question')]);
    const started = performance.now();
    const read = await readQuestionFile(join(dir, 'x.question'));
    expect(performance.now() - started).toBeLessThan(500);
    expect(read).toMatchObject({ ok: false, reason: 'is not a regular file' });
    expect(await readAnswerFile(join(dir, 'x.question'))).toMatchObject({
      ok: false,
      reason: 'is not a regular file',
    });
  });

  it('never follows a symlink, even to a valid question file', async () => {
    const outside = join(dir, 'outside.json');
    await writeFile(outside, JSON.stringify({ key: 'k', question: 'from outside' }));
    await symlink(outside, join(dir, 'x.question'));
    expect(await readQuestionFile(join(dir, 'x.question'))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('symbolic link'),
    });
    await symlink(outside, join(dir, 'x.answer'));
    expect(await readAnswerFile(join(dir, 'x.answer'))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('symbolic link'),
    });
  });

  it('refuses a directory and a file with another hard link', async () => {
    await mkdir(join(dir, 'd.question'));
    expect(await readQuestionFile(join(dir, 'd.question'))).toMatchObject({
      ok: false,
      reason: 'is not a regular file',
    });
    await writeFile(join(dir, 'elsewhere.json'), JSON.stringify({ key: 'k', question: 'q' }));
    await link(join(dir, 'elsewhere.json'), join(dir, 'h.question'));
    expect(await readQuestionFile(join(dir, 'h.question'))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('hard links'),
    });
  });

  it('refuses a file over the bound without reading it', async () => {
    await writeFile(join(dir, 'big'), 'x'.repeat(101));
    expect(readAgentFile(join(dir, 'big'), 100)).toMatchObject({
      ok: false,
      reason: 'is larger than 100 bytes (101 bytes)',
    });
    expect(readAgentFile(join(dir, 'big'), 101)).toMatchObject({ ok: true });
  });
});
