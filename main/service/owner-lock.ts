import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { isProcessAlive, processStartToken } from './process-start';

const HolderSchema = z.object({
  pid: z.number().int().positive(),
  /** processStartToken(pid) when the lock was taken: tells a reused pid from the owner. */
  started: z.string().optional(),
  host: z.string(),
  /** The owner's URL once it listens. */
  url: z.string().optional(),
  /** What the owner holds the lock for (a state dir, a handshake dir). */
  what: z.string(),
  /** Which program holds it when not a broker (e.g. `clarity-hitl watch`). */
  by: z.string().optional(),
});
/** Who holds a lock, as written in its file. */
export type LockHolder = z.infer<typeof HolderSchema>;

/** Another live broker owns the directory: the start is refused. */
export class OwnerLockError extends Error {
  constructor(
    readonly file: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${holder.what} is already in use by ${holder.by ?? 'another HITL broker'} (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ''}); ` +
        `stop it or use it instead (lock: ${file})`,
    );
    this.name = 'OwnerLockError';
  }
}

/** A held lock: `setUrl` records where the owner listens, `release` gives it up. */
export interface OwnerLock {
  readonly file: string;
  setUrl(url: string): void;
  release(): void;
}

const released = new Set<() => void>();
let exitHookInstalled = false;

/**
 * Takes the lock file `file` for this process, or throws OwnerLockError naming the live owner.
 * The file is created whole in one step (a temp file hard-linked to the lock name, which fails
 * when it exists), so a racing starter never reads a half-written lock: of two racers exactly
 * one wins. The lock dies with its process: a lock whose pid is gone, or now belongs to a
 * process started at another time (pid reuse), is stale and taken over (under a short-lived
 * `.break` lock, so two starters never both take it). Released on close and at process exit;
 * after kill -9 the next start finds it stale. `by` names a holder that is not a broker.
 */
export function acquireOwnerLock(file: string, what: string, by?: string): OwnerLock {
  const me: LockHolder = {
    pid: process.pid,
    started: processStartToken(process.pid),
    host: hostname(),
    what,
    ...(by ? { by } : {}),
  };
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(file, me)) break;
    const holder = readHolder(file);
    if (holder && !isStale(holder)) throw new OwnerLockError(file, holder);
    // Stale or unreadable (a crash mid-write cannot happen: creation is one link): break it.
    if (attempt >= 20)
      throw new Error(`could not take the lock ${file}: it keeps changing; try again`);
    if (!breakStale(file, holder)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
  }
  const release = () => {
    released.delete(release);
    const current = readHolder(file);
    if (!current || current.pid !== me.pid || current.started !== me.started) return;
    try {
      rmSync(file, { force: true });
    } catch {
      // A directory gone read-only (EROFS, EACCES): the lock left behind is stale once this
      // process ends, and the next start takes it over.
    }
  };
  released.add(release);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => [...released].forEach((r) => r()));
  }
  return {
    file,
    setUrl: (url) => {
      me.url = url;
      // Replaced by rename: the lock file never disappears while held.
      const temp = tempName(file);
      writeFileSync(temp, JSON.stringify(me) + '\n', { mode: 0o600 });
      renameSync(temp, file);
    },
    release,
  };
}

/** Who holds `file` (undefined: no lock, or not one of ours). */
export function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = HolderSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A holder whose process is gone, or whose pid now names a process started at another time. */
export function isStale(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid) return false;
  if (!isProcessAlive(holder.pid)) return true;
  const now = processStartToken(holder.pid);
  return holder.started !== undefined && now !== undefined && now !== holder.started;
}

function tryCreate(file: string, holder: LockHolder): boolean {
  const temp = tempName(file);
  writeFileSync(temp, JSON.stringify(holder) + '\n', { mode: 0o600 });
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Removes a stale lock unless someone else is already doing so or it changed meanwhile; false
 * when another starter is breaking it (worth a short wait).
 */
function breakStale(file: string, seen: LockHolder | undefined): boolean {
  const breaker = `${file}.break`;
  const mine = {
    pid: process.pid,
    started: processStartToken(process.pid),
    host: hostname(),
    what: file,
  };
  if (!tryCreate(breaker, mine)) {
    const other = readHolder(breaker);
    if (!other || isStale(other)) rmSync(breaker, { force: true });
    return false;
  }
  try {
    const now = readHolder(file);
    if (JSON.stringify(now) === JSON.stringify(seen)) rmSync(file, { force: true });
    return true;
  } finally {
    rmSync(breaker, { force: true });
  }
}

function tempName(file: string): string {
  return join(dirname(file), `.${randomBytes(6).toString('hex')}.lock.tmp`);
}
