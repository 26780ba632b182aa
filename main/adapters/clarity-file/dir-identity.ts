import { lstatSync, statSync } from 'node:fs';

/**
 * The identity of a handshake directory when the broker started using it (device + inode of
 * what the path names, and whether the path itself was a symlink), to notice when someone who
 * can write its parent replaces it with a symlink or another directory: from then on the broker
 * would read and write wherever the new path points.
 */
export class DirIdentity {
  private constructor(
    readonly dir: string,
    private readonly dev: number,
    private readonly ino: number,
    private readonly wasLink: boolean,
  ) {}

  /** Records what `dir` is now; throws when it is not a directory. */
  static capture(dir: string): DirIdentity {
    const link = lstatSync(dir);
    const stats = statSync(dir);
    if (!stats.isDirectory()) throw new Error(`${dir} is not a directory`);
    return new DirIdentity(dir, stats.dev, stats.ino, link.isSymbolicLink());
  }

  /**
   * Why `dir` is no longer the directory captured, or undefined while it still is. One system
   * call: a path that was no symlink is checked with lstat (a symlink there now is the change),
   * one that was a symlink with stat (what it points to must still be the same directory). It
   * runs before every file operation in the directory.
   */
  changed(): string | undefined {
    let stats;
    try {
      stats = this.wasLink
        ? statSync(this.dir, { throwIfNoEntry: false })
        : lstatSync(this.dir, { throwIfNoEntry: false });
    } catch (error) {
      return `cannot be checked (${(error as NodeJS.ErrnoException).code})`;
    }
    if (stats === undefined) return 'was removed or moved away';
    if (stats.isSymbolicLink()) return 'was replaced by a symbolic link';
    if (!stats.isDirectory()) return 'was replaced by something that is not a directory';
    if (stats.dev !== this.dev || stats.ino !== this.ino)
      return 'was replaced by another directory';
    return undefined;
  }
}

/**
 * Checks a directory's identity before each use and every `intervalMs`. The first time it
 * changed, `onLost` hears why (once) and every later `usable()` is false.
 */
export class DirGuard {
  private readonly identity: DirIdentity;
  private readonly timer: NodeJS.Timeout;
  private lost: string | undefined;
  private checkedThisTurn = false;

  constructor(
    private readonly dir: string,
    intervalMs: number,
    private readonly onLost: (reason: string) => void,
  ) {
    this.identity = DirIdentity.capture(dir);
    this.timer = setInterval(() => this.usable(), intervalMs);
    this.timer.unref();
  }

  /** True while the directory is still the one captured at start. */
  usable(): boolean {
    if (this.lost !== undefined) return false;
    const reason = this.identity.changed();
    if (reason === undefined) return true;
    this.lost = `${this.dir} ${reason}; it is no longer used`;
    this.stop();
    this.onLost(this.lost);
    return false;
  }

  /**
   * usable(), checked at most once per event-loop turn: for the start-up scan, which would
   * otherwise lstat and stat the directory twice for every one of thousands of files in a row.
   */
  usableThisTurn(): boolean {
    if (this.lost !== undefined) return false;
    if (this.checkedThisTurn) return true;
    if (!this.usable()) return false;
    this.checkedThisTurn = true;
    setImmediate(() => (this.checkedThisTurn = false));
    return true;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
