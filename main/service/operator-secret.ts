import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { constants } from 'node:fs';
import path from 'node:path';
import { resolveStateDir } from '../broker/persistence/state-dir';

/** `<stateDir>/operator-secret`: the operator's authority (0600, in a 0700 state dir). */
export const OPERATOR_SECRET_FILE = 'operator-secret';

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43,128}$/;

/**
 * The per-user operator secret, created on first use (32 random bytes, base64url, mode 0600; the
 * state dir is made 0700). Only the operator's own surfaces hold it: the desktop app, the CLI
 * (which reads this file) and browsers logged in through a one-time link. Agents never do.
 * A file that is not a regular file owned by this user, or that others can read, is refused
 * rather than trusted.
 */
export function ensureOperatorSecret(stateDir?: string): string {
  const dir = resolveStateDir(stateDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tightenDir(dir);
  const file = path.join(dir, OPERATOR_SECRET_FILE);
  const existing = readSecretFile(file);
  if (existing !== undefined) return existing;
  const secret = randomBytes(32).toString('base64url');
  try {
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
    try {
      writeSync(fd, `${secret}\n`);
    } finally {
      closeSync(fd);
    }
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      const theirs = readSecretFile(file);
      if (theirs !== undefined) return theirs;
    }
    throw error;
  }
}

/**
 * Reads the operator secret without creating it (the CLI); undefined when there is none or it
 * cannot be trusted (see ensureOperatorSecret).
 */
export function readOperatorSecret(stateDir?: string): string | undefined {
  try {
    return readSecretFile(path.join(resolveStateDir(stateDir), OPERATOR_SECRET_FILE));
  } catch {
    return undefined;
  }
}

/** The secret in `file`, undefined when absent; throws when it exists but cannot be trusted. */
function readSecretFile(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Error(`${file} is not a regular file`);
    if (typeof process.getuid === 'function' && stat.uid !== process.getuid())
      throw new Error(`${file} belongs to another user (uid ${stat.uid})`);
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0)
      throw new Error(`${file} is readable by others (mode ${(stat.mode & 0o777).toString(8)})`);
    const secret = readFileSync(fd, 'utf8').trim();
    if (!SECRET_PATTERN.test(secret)) throw new Error(`${file} does not hold an operator secret`);
    return secret;
  } finally {
    closeSync(fd);
  }
}

/** Makes the state dir 0700 when this user owns it (a shared dir is left alone). */
function tightenDir(dir: string): void {
  if (process.platform === 'win32') return;
  try {
    chmodSync(dir, 0o700);
  } catch {
    // Not ours to change: the secret file's own mode still protects it.
  }
}
