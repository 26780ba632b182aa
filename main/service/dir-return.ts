import { lstatSync } from 'node:fs';

/**
 * Why the path of a handshake dir that was dropped (removed, moved away or replaced while
 * watched) may not be watched again as it is now; undefined when it may (a real directory of this
 * user that others cannot write), `absent` while nothing is there. A symbolic link is refused: it
 * can point anywhere, and whoever put it there chose where the broker would read and write.
 */
export function returnRefusal(dir: string): string | 'absent' | undefined {
  let stats;
  try {
    stats = lstatSync(dir, { throwIfNoEntry: false });
  } catch (error) {
    return `cannot be checked (${(error as NodeJS.ErrnoException).code})`;
  }
  if (stats === undefined) return 'absent';
  if (stats.isSymbolicLink()) return 'is now a symbolic link; not watched again';
  if (!stats.isDirectory()) return 'is now something that is not a directory; not watched again';
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid)
    return `is now a directory of another user (uid ${stats.uid}); not watched again`;
  if ((stats.mode & 0o002) !== 0) return 'is now a directory anyone can write; not watched again';
  return undefined;
}

/**
 * Looks every `intervalMs` whether a dropped handshake dir is back (returnRefusal): then
 * `comeBack` is called, and the look stops once it resolves true. A refusal is told once per
 * reason. Unref'd: it never keeps the process alive.
 */
export class DirReturnWatch {
  private readonly timer: NodeJS.Timeout;
  private told: string | undefined;
  private busy = false;
  private stopped = false;

  constructor(
    private readonly dir: string,
    intervalMs: number,
    private readonly comeBack: () => Promise<boolean>,
    private readonly onRefused: (reason: string) => void,
  ) {
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  private async check(): Promise<void> {
    if (this.busy || this.stopped) return;
    const refusal = returnRefusal(this.dir);
    if (refusal === 'absent') return;
    if (refusal !== undefined) {
      if (this.told !== refusal) this.onRefused(`${this.dir} ${refusal}`);
      this.told = refusal;
      return;
    }
    this.busy = true;
    try {
      if (await this.comeBack()) this.stop();
    } finally {
      this.busy = false;
    }
  }
}
