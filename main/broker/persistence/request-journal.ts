import {
  closeSync,
  fchmodSync,
  ftruncateSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { HitlRequestSchema, type HitlRequest } from '@contract/request';

export const JOURNAL_FILE = 'journal.jsonl';

/** One journal line: a persisted request opened/changed (`pending`) or resolved. */
export interface JournalEntry {
  op: 'pending' | 'resolved';
  request: HitlRequest;
}

export interface JournalReplay {
  entries: JournalEntry[];
  /** Lines that were not a valid entry (a torn last line after a crash, or damage): skipped. */
  skipped: number;
}

/**
 * `<stateDir>/journal.jsonl`: an append-only log of the changes made since the last snapshot
 * (`history.json` / `pending.json`). Each change is one line written with one synchronous
 * `write` before the caller is answered, so it survives the process being killed right after;
 * snapshots stay batched and truncate the journal once they are on disk.
 */
export class RequestJournal {
  readonly file: string;
  private fd: number | undefined;
  private appendCount = 0;

  constructor(stateDir: string) {
    this.file = path.join(stateDir, JOURNAL_FILE);
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    this.fd = openSync(this.file, 'a+', 0o600);
    // Only the operator reads the state (a file from an older version may be 0644).
    fchmodSync(this.fd, 0o600);
    this.endWithNewline();
  }

  /** Every valid entry in order; invalid or torn lines are counted and skipped. */
  read(): JournalReplay {
    const entries: JournalEntry[] = [];
    let skipped = 0;
    for (const line of readFileSync(this.file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const entry = parseEntry(line);
      if (entry) entries.push(entry);
      else skipped += 1;
    }
    return { entries, skipped };
  }

  /**
   * Appends one entry, whole or not at all: a write cut short (the disk filled up mid-line) is
   * cut off again, so the next entry does not join a torn line and get lost with it. Throws
   * the write's error (ENOSPC, EIO, …).
   */
  append(entry: JournalEntry): void {
    if (this.fd === undefined) throw new Error(`${this.file} is closed`);
    const line = Buffer.from(`${JSON.stringify(entry)}\n`);
    let done = writeSync(this.fd, line);
    if (done < line.length) {
      try {
        while (done < line.length) {
          const n = writeSync(this.fd, line, done);
          if (n === 0) throw new Error(`${this.file}: the write made no progress`);
          done += n;
        }
      } catch (error) {
        ftruncateSync(this.fd, fstatSync(this.fd).size - done);
        throw error;
      }
    }
    this.appendCount += 1;
  }

  /** Entries appended by this process (for tests and diagnostics). */
  get appends(): number {
    return this.appendCount;
  }

  /** True when nothing is waiting for a snapshot. */
  isEmpty(): boolean {
    return this.fd === undefined || fstatSync(this.fd).size === 0;
  }

  /** Empties the journal: call only once everything in it is in a snapshot on disk. */
  truncate(): void {
    if (this.fd !== undefined) ftruncateSync(this.fd, 0);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  /** After a crash mid-line, starts the next entry on a line of its own (the torn one stays skippable). */
  private endWithNewline(): void {
    const size = fstatSync(this.fd!).size;
    if (size === 0) return;
    const last = Buffer.alloc(1);
    readSync(this.fd!, last, 0, 1, size - 1);
    if (last[0] !== 0x0a) writeSync(this.fd!, '\n');
  }
}

function parseEntry(line: string): JournalEntry | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { op, request } = raw as { op?: unknown; request?: unknown };
  if (op !== 'pending' && op !== 'resolved') return undefined;
  const parsed = HitlRequestSchema.safeParse(request);
  return parsed.success ? { op, request: parsed.data } : undefined;
}
