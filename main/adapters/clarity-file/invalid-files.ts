import { join } from 'node:path';
import type { UnreadableBoard } from '../../broker/unreadable-board';

export interface InvalidQuestionFile {
  /** File name inside the handshake directory. */
  file: string;
  reason: string;
  at: number;
  /** The JSON field at fault, when one is. */
  field?: string;
}

/** Where invalid files are shown besides `onInvalid` (the broker's "could not read" items). */
export interface InvalidFileSink {
  report(file: string, reason: string, field?: string): void;
  clear(file: string): void;
}

/** A sink that shows invalid files of `dir` as the broker's "could not read" items. */
export function unreadableSink(board: UnreadableBoard, dir: string): InvalidFileSink {
  const id = (file: string) => `file:${join(dir, file)}`;
  return {
    report: (file, reason, field) =>
      board.report({
        id: id(file),
        source: 'clarity-file',
        origin: join(dir, file),
        reason: `${file} ${reason}`,
        ...(field ? { field } : {}),
      }),
    clear: (file) => board.clear(id(file)),
  };
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
  /** The files reported invalid (still in `invalid`), by base name. */
  private readonly filesByBase = new Map<string, Set<string>>();

  constructor(
    private readonly graceMs: number,
    private readonly now: () => number,
    private readonly onInvalid: ((invalid: InvalidQuestionFile) => void) | undefined,
    /** Re-check a base name once its grace period ran out. */
    private readonly recheck: (base: string) => void,
    private readonly sink?: InvalidFileSink,
  ) {}

  list(): InvalidQuestionFile[] {
    return [...this.invalid.values()];
  }

  /** Whether `base` has anything here for forget() to undo (false for nearly every file). */
  knows(base: string): boolean {
    return this.filesByBase.has(base) || this.timers.has(base) || this.graceOver.has(base);
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

  /** Records `file` as invalid, telling `onInvalid` the first time only (the sink when the reason changed). */
  report(base: string, file: string, reason: string, field?: string): void {
    this.clearTimer(base);
    const files = this.filesByBase.get(base);
    if (files) files.add(file);
    else this.filesByBase.set(base, new Set([file]));
    const known = this.invalid.get(file);
    if (known?.reason !== `${file} ${reason}`) this.sink?.report(file, reason, field);
    if (known) {
      known.reason = `${file} ${reason}`;
      return;
    }
    const invalid: InvalidQuestionFile = {
      file,
      reason: `${file} ${reason}`,
      at: this.now(),
      ...(field ? { field } : {}),
    };
    this.invalid.set(file, invalid);
    this.onInvalid?.(invalid);
  }

  /** The files of `base` are valid again, or gone. */
  forget(base: string, files: string[]): void {
    this.clearTimer(base);
    this.graceOver.delete(base);
    const reported = this.filesByBase.get(base);
    for (const file of files) {
      // Only a file reported here has an item in the sink: the others need no look-up there.
      if (this.invalid.delete(file)) this.sink?.clear(file);
      reported?.delete(file);
    }
    if (reported?.size === 0) this.filesByBase.delete(base);
  }

  /** Stops every timer; the files' items leave the sink (the directory is no longer watched). */
  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const file of this.invalid.keys()) this.sink?.clear(file);
  }

  private clearTimer(base: string): void {
    const timer = this.timers.get(base);
    if (timer) clearTimeout(timer);
    this.timers.delete(base);
  }
}
