import { execFileSync } from 'node:child_process';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A directory whose faults are real: read-only and full. As an ordinary user, read-only is
 * chmod 0555 (full needs root). As root (CI), where chmod stops nothing, the directory is a
 * 64 KiB tmpfs: read-only is a remount `ro` (EROFS), full is a file filling it (ENOSPC).
 */
export interface FaultyDir {
  dir: string;
  /** How the faults are made: `chmod` or `tmpfs`. */
  kind: 'chmod' | 'tmpfs';
  readOnly: () => Promise<void>;
  writable: () => Promise<void>;
  /** Fills the directory's file system (undefined where that cannot be done). */
  fill?: () => Promise<void>;
  unfill?: () => Promise<void>;
  cleanup: () => Promise<void>;
}

/** Makes `dir` (created) a faulty directory, or gives the one-line reason it cannot be one here. */
export async function makeFaultyDir(dir: string): Promise<FaultyDir | string> {
  await mkdir(dir, { recursive: true });
  if (process.platform !== 'linux') return 'fault-injection tests need Linux (tmpfs or chmod)';
  if (process.getuid?.() !== 0) {
    return {
      dir,
      kind: 'chmod',
      readOnly: () => chmod(dir, 0o555),
      writable: () => chmod(dir, 0o755),
      cleanup: () => chmod(dir, 0o755),
    };
  }
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0755', 'tmpfs', dir], {
      stdio: 'pipe',
    });
  } catch (error) {
    return `fault-injection tests skipped: root, but cannot mount a tmpfs (${String(error).split('\n')[0]})`;
  }
  const remount = (mode: 'ro' | 'rw') =>
    execFileSync('mount', ['-o', `remount,${mode}`, dir], { stdio: 'pipe' });
  const filler = join(dir, '.filler');
  return {
    dir,
    kind: 'tmpfs',
    readOnly: async () => void remount('ro'),
    writable: async () => void remount('rw'),
    fill: async () => {
      try {
        await writeFile(filler, Buffer.alloc(128 * 1024));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    },
    unfill: () => rm(filler, { force: true }),
    cleanup: async () => {
      try {
        remount('rw');
      } finally {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      }
    },
  };
}
