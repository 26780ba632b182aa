import { spawnSync } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OwnerLockError, acquireOwnerLock, readHolder } from '../../../main/service/owner-lock';
import { processStartToken } from '../../../main/service/process-start';
import { makeTempDir } from '../../support/temp-dir';

let dir: string;
let remove: () => Promise<void>;
beforeEach(async () => ({ path: dir, remove } = await makeTempDir('hitl-lock-')));
afterEach(() => remove());

/** The pid of a process that has exited (and whose pid is very unlikely to be reused yet). */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('owner lock', () => {
  it('is held by one owner, names it, and is free again once released', async () => {
    const file = join(dir, 'broker.lock');
    const lock = acquireOwnerLock(file, 'state dir X');
    lock.setUrl('http://127.0.0.1:1234/');
    expect(readHolder(file)).toMatchObject({ pid: process.pid, url: 'http://127.0.0.1:1234/' });
    // Same process, second owner: refused too (one owner per directory, whoever asks).
    let refused: unknown;
    try {
      acquireOwnerLock(file, 'state dir X');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(OwnerLockError);
    expect((refused as Error).message).toContain(`pid ${process.pid}, http://127.0.0.1:1234/`);
    lock.release();
    acquireOwnerLock(file, 'state dir X').release();
  });

  it('takes over the lock of a process that is gone (kill -9)', async () => {
    const file = join(dir, 'broker.lock');
    await writeFile(file, JSON.stringify({ pid: deadPid(), host: hostname(), what: 'x' }));
    const lock = acquireOwnerLock(file, 'x');
    expect(readHolder(file)?.pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(process.platform !== 'win32')(
    'takes over a lock whose pid now belongs to a process started at another time (pid reuse)',
    async () => {
      const file = join(dir, 'broker.lock');
      // The parent process is alive, but it is not the process that wrote this lock.
      const reused = { pid: process.ppid, started: 'linux:1', host: hostname(), what: 'x' };
      expect(processStartToken(process.ppid)).not.toBe('linux:1');
      await writeFile(file, JSON.stringify(reused));
      acquireOwnerLock(file, 'x').release();
      // The same live pid with its real start time is a live owner.
      await writeFile(
        file,
        JSON.stringify({ ...reused, started: processStartToken(process.ppid) }),
      );
      expect(() => acquireOwnerLock(file, 'x')).toThrow(OwnerLockError);
    },
  );

  it('replaces an unreadable lock file and never leaves temp files', async () => {
    const file = join(dir, 'broker.lock');
    await writeFile(file, 'garbage');
    const lock = acquireOwnerLock(file, 'x');
    expect(JSON.parse(await readFile(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(await readdir(dir)).toEqual([]);
  });
});
