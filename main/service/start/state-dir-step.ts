import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeProofKey } from '../broker-proof';
import { ensureOperatorSecret } from '../operator-secret';
import { acquireOwnerLock, type OwnerLock } from '../owner-lock';

/** The state dir's owner lock file (see owner-lock.ts). */
export const STATE_LOCK = 'broker.lock';

/** The state dir, owned by this service. */
export interface ClaimedStateDir {
  lock: OwnerLock;
  /** The per-user operator secret (0600 in the state dir). */
  operatorSecret: string;
}

/**
 * The service's state-dir step: creates the dir (0700), takes its owner lock, then reads (or
 * creates) the operator secret and writes the proof key beside it. The lock is released when
 * the secret or the key cannot be had.
 */
export function claimStateDir(stateDir: string): ClaimedStateDir {
  // One owner per state dir: a second broker here would split (and overwrite) its state.
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const lock = acquireOwnerLock(path.join(stateDir, STATE_LOCK), `state dir ${stateDir}`);
  try {
    const operatorSecret = ensureOperatorSecret(stateDir);
    writeProofKey(stateDir, operatorSecret);
    return { lock, operatorSecret };
  } catch (error) {
    lock.release();
    throw error;
  }
}
