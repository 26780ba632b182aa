import { randomUUID } from 'node:crypto';
import { BrokerError } from '../../broker/errors';
import { KeptEntries, type EntryLimits } from './run-entries';
import type { RunPersistence } from './run-files';
import type {
  RunDetail,
  RunEntry,
  RunExit,
  RunLineInput,
  RunStart,
  RunSummary,
  RunUpdated,
} from '@contract/run-schemas';
import { cut, ended, startedSummary, summaryFrom } from './run-summary';

export interface RunStoreOptions {
  /** Entries kept per run; the oldest are dropped (default 2,000). */
  perRun?: number;
  /** Characters of entries (as JSON) kept per run; the oldest go first (default 500,000). */
  perRunChars?: number;
  /** Runs kept; the oldest finished one goes first, then the oldest running one (default 100). */
  maxRuns?: number;
  /** A running run whose CLI has not reported for this long is `lost` (default 2 minutes). */
  lostAfterMs?: number;
  now?: () => number;
  newId?: () => string;
  /** Keeps runs across restarts (e.g. RunFiles); without it they live in memory only. */
  persistence?: RunPersistence;
}

interface Run {
  summary: RunSummary;
  kept: KeptEntries;
}

/** No run with that id (never started, or pruned); HTTP 404 `not_found`. */
export class RunNotFoundError extends BrokerError {
  constructor(id: string) {
    super('not_found', `no run with id ${id}`);
  }
}

/** A run was sent lines after it ended (HTTP 409 `already_resolved`). */
export class RunEndedError extends BrokerError {
  constructor(id: string) {
    super('already_resolved', `run ${id} has already ended`);
  }
}

/**
 * The agent runs reported by `clarity-hitl run`: each run's summary (status, phase, progress,
 * linked hil_ids) and its last entries, in memory and bounded on both axes. Every change is told
 * to `onChange` listeners with the entries it added or grew (the SSE `run_updated` event), and to
 * the optional `persistence` (call `load()` before use and `close()` at shutdown).
 */
export class RunStore {
  private readonly runs = new Map<string, Run>();
  private readonly limits: EntryLimits;
  private readonly maxRuns: number;
  private readonly lostAfterMs: number;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly listeners = new Set<(update: RunUpdated) => void>();
  private readonly persistence: RunPersistence | undefined;

  constructor(options: RunStoreOptions = {}) {
    this.limits = { perRun: options.perRun ?? 2_000, perRunChars: options.perRunChars ?? 500_000 };
    this.maxRuns = options.maxRuns ?? 100;
    this.lostAfterMs = options.lostAfterMs ?? 120_000;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => `run-${randomUUID()}`);
    this.persistence = options.persistence;
  }

  /**
   * Restores the runs the persistence saved (none without one), trimmed to this store's bounds.
   * A run that was running when the broker stopped is `lost`; a later batch from its CLI revives it.
   */
  async load(): Promise<void> {
    if (!this.persistence) return;
    for (const saved of await this.persistence.load(this.maxRuns)) {
      if (this.runs.has(saved.run.id)) continue;
      const kept = KeptEntries.restore(saved.entries, this.limits);
      this.runs.set(saved.run.id, { summary: saved.run, kept });
    }
    this.prune();
    for (const run of this.runs.values()) {
      if (run.summary.status !== 'running') continue;
      run.summary = { ...run.summary, status: 'lost' };
      this.emit(run, []);
    }
  }

  /** Saves what is still waiting (resolves at once without persistence). */
  async close(): Promise<void> {
    await this.persistence?.close();
  }

  /** Opens a running run and returns its summary. */
  start(input: RunStart): RunSummary {
    const run: Run = {
      summary: startedSummary(this.newId(), input, this.now()),
      kept: new KeptEntries(),
    };
    this.runs.set(run.summary.id, run);
    this.prune();
    this.emit(run, []);
    return run.summary;
  }

  /**
   * Appends lines in order (an empty list is a heartbeat); `exit` ends the run. Throws
   * RunNotFoundError for an unknown (or pruned) run and RunEndedError once it ended.
   */
  append(id: string, lines: RunLineInput[], exit?: RunExit): RunSummary {
    const run = this.require(id);
    if (run.summary.status !== 'running' && run.summary.status !== 'lost')
      throw new RunEndedError(id);
    const at = this.now();
    const changed = new Map<number, RunEntry>();
    for (const line of lines) {
      const entry = this.add(run, line, at);
      changed.set(entry.n, entry);
    }
    run.kept.trim(this.limits);
    run.summary = { ...run.summary, status: 'running', updatedAt: at };
    if (exit) run.summary = ended(run.summary, exit, at);
    this.emit(
      run,
      [...changed.values()].map((e) => ({ ...e })),
    );
    return run.summary;
  }

  /** Run summaries, newest first. */
  list(): RunSummary[] {
    this.markLost();
    return [...this.runs.values()].map((r) => r.summary).reverse();
  }

  /** One run with its kept entries, oldest first. */
  get(id: string): { run: RunSummary; entries: RunEntry[] } {
    this.markLost();
    const run = this.require(id);
    return { run: run.summary, entries: run.kept.list.map((e) => ({ ...e })) };
  }

  /** Marks running runs whose CLI went silent as `lost` (each is told once). */
  markLost(): void {
    const limit = this.now() - this.lostAfterMs;
    for (const run of this.runs.values()) {
      if (run.summary.status === 'running' && run.summary.updatedAt < limit) {
        run.summary = { ...run.summary, status: 'lost' };
        this.emit(run, []);
      }
    }
  }

  /** Hears every change; returns the unsubscribe function. */
  onChange(listener: (update: RunUpdated) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.runs.size;
  }

  private require(id: string): Run {
    const run = this.runs.get(id);
    if (!run) throw new RunNotFoundError(id);
    return run;
  }

  private add(run: Run, line: RunLineInput, at: number): RunEntry {
    const grown = run.kept.mergeToken(line, at);
    if (grown) return grown;
    const entry = { ...cut(line), n: run.summary.entryCount, at } as RunEntry;
    run.kept.push(entry);
    run.summary = { ...run.summary, ...summaryFrom(run.summary, line), entryCount: entry.n + 1 };
    return entry;
  }

  private prune(): void {
    while (this.runs.size > this.maxRuns) {
      const finished = [...this.runs.values()].find((r) => r.summary.status !== 'running');
      const id = finished?.summary.id ?? this.runs.keys().next().value!;
      this.runs.delete(id);
      this.persistence?.remove(id);
    }
  }

  private emit(run: Run, entries: RunEntry[]): void {
    const update = { run: run.summary, entries };
    // Serialized at once when a file is rewritten, so the live entries need no copy.
    this.persistence?.save(update, (): RunDetail => ({ run: run.summary, entries: run.kept.list }));
    for (const listener of [...this.listeners]) listener(update);
  }
}
