export interface InvalidQuestionFile {
  /** File name inside the handshake directory. */
  file: string;
  reason: string;
  at: number;
}

/**
 * Remembers which files are invalid (each reported once until fixed or removed) and runs the
 * grace period for files that look half-written: the file is judged again `graceMs` after its
 * last change, and only then, if still unparseable, reported.
 */
export class InvalidFiles {
  private readonly invalid = new Map<string, InvalidQuestionFile>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly graceOver = new Set<string>();

  constructor(
    private readonly graceMs: number,
    private readonly now: () => number,
    private readonly onInvalid: ((invalid: InvalidQuestionFile) => void) | undefined,
    /** Re-check a base name once its grace period ran out. */
    private readonly recheck: (base: string) => void,
  ) {}

  list(): InvalidQuestionFile[] {
    return [...this.invalid.values()];
  }

  /** True while a half-written-looking file still deserves another look. */
  inGrace(base: string): boolean {
    return !this.graceOver.has(base);
  }

  /** The file changed: it gets a fresh grace period. */
  changed(base: string): void {
    this.graceOver.delete(base);
  }

  /** (Re)starts the grace timer of `base`. */
  wait(base: string): void {
    this.clearTimer(base);
    const timer = setTimeout(() => {
      this.timers.delete(base);
      this.graceOver.add(base);
      this.recheck(base);
    }, this.graceMs);
    timer.unref?.();
    this.timers.set(base, timer);
  }

  /** Records `file` as invalid, telling `onInvalid` the first time only. */
  report(base: string, file: string, reason: string): void {
    this.clearTimer(base);
    if (this.invalid.has(file)) return;
    const invalid: InvalidQuestionFile = { file, reason: `${file} ${reason}`, at: this.now() };
    this.invalid.set(file, invalid);
    this.onInvalid?.(invalid);
  }

  /** The files of `base` are valid again, or gone. */
  forget(base: string, files: string[]): void {
    this.clearTimer(base);
    this.graceOver.delete(base);
    for (const file of files) this.invalid.delete(file);
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private clearTimer(base: string): void {
    const timer = this.timers.get(base);
    if (timer) clearTimeout(timer);
    this.timers.delete(base);
  }
}
