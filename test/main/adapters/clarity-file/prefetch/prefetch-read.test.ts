import { execFileSync } from 'node:child_process';
import { link, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  prefetchedQuestion,
  prefetchQuestion,
} from '../../../../../main/adapters/clarity-file/prefetch/prefetch-read';
import { readQuestionFile } from '../../../../../main/adapters/clarity-file/question-file';
import { fingerprint } from '../../../../../main/adapters/clarity-file/question-request';
import { stableFileRequestId } from '../../../../../main/adapters/clarity-file/stable-id';
import { makeTempDir } from '../../../../support/temp-dir';

describe('prefetchQuestion', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir('hitl-prefetch-read-');
  });
  afterEach(() => temp.remove());

  const write = (base: string, body: string | Buffer) =>
    writeFile(join(temp.path, `${base}.question`), body);

  it('gives what reading the file gives: question, signature, fingerprint and stable id', async () => {
    await write(
      'a',
      JSON.stringify({ key: 'deploy', question: 'Ship **it**?', timestamp: 1700000000, pid: 42 }),
    );
    await write('b', JSON.stringify({ key: 'ключ/😀', question: 'Ça va ?\n\n- oui' }));
    for (const base of ['a', 'b']) {
      const row = prefetchQuestion(temp.path, base);
      expect(row).toBeDefined();
      const read = readQuestionFile(join(temp.path, `${base}.question`));
      if (!read.ok) throw new Error(read.missing ? 'missing' : read.reason);
      const print = fingerprint(read.question);
      const expected = {
        question: read.question,
        signature: read.signature,
        print,
        stable: stableFileRequestId(temp.path, base, read.signature, print),
      };
      // Across the thread boundary: one JSON array per batch.
      expect(prefetchedQuestion(JSON.parse(JSON.stringify(row)))).toEqual(expected);
    }
    expect(prefetchedQuestion(prefetchQuestion(temp.path, 'a')!).question.timestamp).toBe(
      1700000000 * 1000,
    );
  });

  it('leaves every file that is not a plain question to the scan', async () => {
    await write('empty', '');
    await write('cut', '{"key":"k","quest');
    await write('binary', Buffer.from([0xff, 0xfe, 0x00]));
    await write(
      'iso-time',
      JSON.stringify({ key: 'k1', question: 'q', timestamp: '2026-01-01T00:00:00Z' }),
    );
    await write('no-key', JSON.stringify({ question: 'q' }));
    await write('nul', JSON.stringify({ key: 'k2', question: 'a\u0000b' }));
    await write('mirror', JSON.stringify({ key: 'k3', question: 'q', mirrorOf: 'req-1' }));
    await write('big', JSON.stringify({ key: 'k4', question: 'x'.repeat(1024 * 1024) }));
    await write('target', JSON.stringify({ key: 'k5', question: 'q' }));
    await symlink(join(temp.path, 'target.question'), join(temp.path, 'link.question'));
    await link(join(temp.path, 'target.question'), join(temp.path, 'hard.question'));
    execFileSync('mkfifo', [join(temp.path, 'fifo.question')]);
    const left = [
      'missing',
      'empty',
      'cut',
      'binary',
      'iso-time',
      'no-key',
      'nul',
      'mirror',
      'big',
      'link',
      'hard',
      'fifo',
    ];
    for (const base of left)
      expect([base, prefetchQuestion(temp.path, base)]).toEqual([base, undefined]);
  });
});
