import {
  appendFile,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { isRunId, parseRunFile, runFileLine, runFileName, runIdOfFile } from './run-file-format';
import type { RunDetail, RunEntry, RunSummary, RunUpdated } from '@contract/run-schemas';

/** Where a `RunStore` keeps its runs across restarts (see RunFiles). */
export interface RunPersistence {
  /** The newest `maxRuns` saved runs, oldest first, untrimmed. */
  load(maxRuns: number): Promise<RunDetail[]>;
  /** Records a change; `current` gives the whole run now (to rewrite its file). */
  save(update: RunUpdated, current: () => RunDetail): void;
  /** Forgets a run (pruned). */
  remove(id: string): void;
  /** Writes everything still waiting; later saves are ignored. */
  close(): Promise<void>;
}

export interface RunFilesOptions {
  /** The runs directory (`<stateDir>/runs`), created when missing. */
  dir: string;
  /** How long changes are gathered before one append per run (default 100 ms). */
  flushMs?: number;
  /**
   * A file growing past this many bytes (and past twice its size after the last rewrite) is
   * rewritten from memory (default 1,000,000: twice the default per-run char bound, which keeps
   * loading 100 full runs near 2 s in the worst case instead of 4 s at 4×).
   */
  compactAt?: number;
  /** Told about unreadable files and failed writes (the broker keeps going). */
  onWarning?: (message: string) => void;
}

interface Pending {
  run: RunSummary;
  entries: Map<number, RunEntry>;
  current: () => RunDetail;
}

interface FileState {
  bytes: number;
  /** Size right after the last rewrite: a file is rewritten again only once it doubled. */
  base: number;
  /** The file ends mid-line (a torn write): the next append starts with a newline. */
  torn: boolean;
}

/**
 * Agent runs on disk, one `<id>.jsonl` per run (run-file-format.ts). Changes are gathered for
 * `flushMs` and appended with async fs, one line per run, so the agent's forwarding path never
 * waits on the disk; a file that grew far past what memory keeps is rewritten (temp + rename).
 * Unreadable lines are skipped with one warning per file; files are never deleted for being
 * unreadable, only when their run is pruned.
 */
export class RunFiles implements RunPersistence {
  private readonly dir: string;
  private readonly flushMs: number;
  private readonly compactAt: number;
  private readonly warn: (message: string) => void;
  private readonly pending = new Map<string, Pending>();
  private readonly files = new Map<string, FileState>();
  private writes: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private failing = false;
  private dirReady: Promise<unknown> | undefined;

  constructor(options: RunFilesOptions) {
    this.dir = options.dir;
    this.flushMs = options.flushMs ?? 100;
    this.compactAt = options.compactAt ?? 1_000_000;
    this.warn = options.onWarning ?? (() => {});
  }

  async load(maxRuns: number): Promise<RunDetail[]> {
    let names: string[];
    try {
      await this.ensureDir();
      names = await readdir(this.dir);
    } catch (error) {
      this.warn(`runs: could not read ${this.dir} (${describe(error)}); no saved runs loaded`);
      return [];
    }
    const found: Array<{ id: string; file: string; mtime: number }> = [];
    for (const name of names) {
      const id = runIdOfFile(name);
      if (!id) continue;
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) found.push({ id, file, mtime: info.mtimeMs });
    }
    found.sort((a, b) => b.mtime - a.mtime);
    // Older than the newest maxRuns: the bound would have pruned them (e.g. a failed delete).
    for (const old of found.splice(maxRuns)) await this.unlink(old.file);
    const runs = await Promise.all(found.map(({ id, file }) => this.loadFile(id, file)));
    // Oldest first by start; runs started in the same millisecond keep their files' order.
    return runs
      .filter((r): r is RunDetail => r !== undefined)
      .reverse()
      .sort((a, b) => a.run.startedAt - b.run.startedAt);
  }

  save(update: RunUpdated, current: () => RunDetail): void {
    const id = update.run.id;
    if (this.closed || !isRunId(id)) return;
    let waiting = this.pending.get(id);
    if (!waiting)
      this.pending.set(id, (waiting = { run: update.run, entries: new Map(), current }));
    waiting.run = update.run;
    waiting.current = current;
    for (const entry of update.entries) waiting.entries.set(entry.n, entry);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  remove(id: string): void {
    this.pending.delete(id);
    this.files.delete(id);
    if (isRunId(id)) this.queue(() => this.unlink(this.fileOf(id)));
  }

  /** Writes what is waiting now; resolves once it (and every earlier write) is on disk. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending];
    this.pending.clear();
    if (batch.length > 0)
      this.queue(async () => {
        await Promise.all(batch.map(([id, waiting]) => this.write(id, waiting)));
      });
    return this.writes;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private async loadFile(id: string, file: string): Promise<RunDetail | undefined> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      this.warn(`runs: could not read ${file} (${describe(error)}); left in place, not loaded`);
      return undefined;
    }
    const { detail, skipped, torn } = parseRunFile(id, text);
    if (!detail) {
      this.warn(`runs: ${file} has no readable line; left in place, not loaded`);
      return undefined;
    }
    if (skipped > 0)
      this.warn(`runs: ${file}: skipped ${skipped} unreadable line(s), loaded the rest`);
    const bytes = Buffer.byteLength(text);
    this.files.set(id, { bytes, base: 0, torn });
    return detail;
  }

  private async write(id: string, waiting: Pending): Promise<void> {
    const file = this.fileOf(id);
    const state = this.files.get(id) ?? { bytes: 0, base: 0, torn: false };
    this.files.set(id, state);
    const line = runFileLine({ run: waiting.run, entries: [...waiting.entries.values()] });
    const bytes = Buffer.byteLength(line);
    try {
      await this.ensureDir();
      if (state.bytes + bytes > Math.max(this.compactAt, 2 * state.base)) {
        // The run as memory keeps it now already holds this line's changes.
        const whole = runFileLine(waiting.current());
        await writeFile(`${file}.tmp`, whole, { mode: 0o600 });
        await rename(`${file}.tmp`, file);
        state.bytes = state.base = Buffer.byteLength(whole);
      } else {
        await appendFile(file, state.torn ? `\n${line}` : line, { mode: 0o600 });
        state.bytes += bytes;
      }
      state.torn = false;
      this.failing = false;
    } catch (error) {
      // Whatever reached the file is unknown now: rewrite it whole next time.
      state.bytes = Infinity;
      if (!this.failing) this.warn(`runs: could not save ${file}: ${describe(error)}`);
      this.failing = true;
    }
  }

  private async unlink(file: string): Promise<void> {
    await rm(file, { force: true }).catch((error: unknown) =>
      this.warn(`runs: could not delete ${file}: ${describe(error)}`),
    );
  }

  /** Runs `step` after every earlier write (one file is never written by two steps at once). */
  private queue(step: () => Promise<void>): void {
    this.writes = this.writes.then(step, step);
  }

  private ensureDir(): Promise<unknown> {
    this.dirReady ??= mkdir(this.dir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      this.dirReady = undefined;
      throw error;
    });
    return this.dirReady;
  }

  private fileOf(id: string): string {
    return path.join(this.dir, runFileName(id));
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
