import { randomUUID } from 'node:crypto';
import { BrokerError } from '../../broker/errors';
import {
  RUN_TEXT_LIMIT,
  type RunEntry,
  type RunExit,
  type RunLineInput,
  type RunStart,
  type RunSummary,
  type RunUpdated,
} from './run-schemas';

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
}

interface Run {
  summary: RunSummary;
  entries: RunEntry[];
  /** The size of each kept entry (JSON characters), and their sum. */
  sizes: number[];
  chars: number;
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
 * to `onChange` listeners with the entries it added or grew (the SSE `run_updated` event).
 */
export class RunStore {
  private readonly runs = new Map<string, Run>();
  private readonly perRun: number;
  private readonly perRunChars: number;
  private readonly maxRuns: number;
  private readonly lostAfterMs: number;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly listeners = new Set<(update: RunUpdated) => void>();

  constructor(options: RunStoreOptions = {}) {
    this.perRun = options.perRun ?? 2_000;
    this.perRunChars = options.perRunChars ?? 500_000;
    this.maxRuns = options.maxRuns ?? 100;
    this.lostAfterMs = options.lostAfterMs ?? 120_000;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => `run-${randomUUID()}`);
  }

  /** Opens a running run and returns its summary. */
  start(input: RunStart): RunSummary {
    const at = this.now();
    const summary: RunSummary = {
      id: this.newId(),
      command: input.command,
      ...(input.agent ? { agent: input.agent } : {}),
      ...(input.project ? { project: input.project } : {}),
      ...(input.task ? { task: input.task } : {}),
      status: 'running',
      startedAt: at,
      updatedAt: at,
      hilIds: [],
      entryCount: 0,
    };
    this.runs.set(summary.id, { summary, entries: [], sizes: [], chars: 0 });
    this.prune();
    this.emit(summary, []);
    return summary;
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
    this.trim(run);
    run.summary = { ...run.summary, status: 'running', updatedAt: at };
    if (exit) run.summary = ended(run.summary, exit, at);
    this.emit(
      run.summary,
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
    return { run: run.summary, entries: run.entries.map((e) => ({ ...e })) };
  }

  /** Marks running runs whose CLI went silent as `lost` (each is told once). */
  markLost(): void {
    const limit = this.now() - this.lostAfterMs;
    for (const run of this.runs.values()) {
      if (run.summary.status === 'running' && run.summary.updatedAt < limit) {
        run.summary = { ...run.summary, status: 'lost' };
        this.emit(run.summary, []);
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
    const last = run.entries.at(-1);
    if (line.kind === 'event' && line.event.type === 'token' && last && isToken(last)) {
      const lastText = last.event.text;
      if (lastText.length + line.event.text.length <= RUN_TEXT_LIMIT) {
        last.event = { ...last.event, text: lastText + line.event.text };
        last.at = at;
        run.sizes[run.sizes.length - 1]! += line.event.text.length;
        run.chars += line.event.text.length;
        return last;
      }
    }
    const entry = { ...cut(line), n: run.summary.entryCount, at } as RunEntry;
    const size = JSON.stringify(entry).length;
    run.entries.push(entry);
    run.sizes.push(size);
    run.chars += size;
    run.summary = { ...run.summary, ...summaryFrom(run.summary, line), entryCount: entry.n + 1 };
    return entry;
  }

  /** Drops the oldest entries beyond `perRun` or `perRunChars` (the newest one always stays). */
  private trim(run: Run): void {
    let drop = 0;
    let chars = run.chars;
    const left = () => run.entries.length - drop;
    while (left() > 1 && (left() > this.perRun || chars > this.perRunChars)) {
      chars -= run.sizes[drop]!;
      drop += 1;
    }
    if (drop === 0) return;
    run.entries.splice(0, drop);
    run.sizes.splice(0, drop);
    run.chars = chars;
  }

  private prune(): void {
    while (this.runs.size > this.maxRuns) {
      const finished = [...this.runs.values()].find((r) => r.summary.status !== 'running');
      this.runs.delete(finished?.summary.id ?? this.runs.keys().next().value!);
    }
  }

  private emit(run: RunSummary, entries: RunEntry[]): void {
    for (const listener of [...this.listeners]) listener({ run, entries });
  }
}

function isToken(
  entry: RunEntry,
): entry is Extract<RunEntry, { kind: 'event' }> & { event: { type: 'token'; text: string } } {
  return entry.kind === 'event' && entry.event.type === 'token';
}

function cut(line: RunLineInput): RunLineInput {
  if (line.kind === 'text') return { kind: 'text', text: line.text.slice(0, RUN_TEXT_LIMIT) };
  if (line.event.type === 'token' || line.event.type === 'notice')
    return {
      kind: 'event',
      event: { ...line.event, text: line.event.text.slice(0, RUN_TEXT_LIMIT) },
    };
  return line;
}

/** What an event tells the summary. */
function summaryFrom(summary: RunSummary, line: RunLineInput): Partial<RunSummary> {
  if (line.kind !== 'event') return {};
  const e = line.event;
  switch (e.type) {
    case 'start':
      return {
        ...(e.agent ? { agent: e.agent } : {}),
        ...(e.project ? { project: e.project } : {}),
        ...(e.task ? { task: e.task } : {}),
      };
    case 'progress':
      return {
        ...(e.phase ? { phase: e.phase } : {}),
        ...(e.pct !== undefined ? { pct: e.pct } : {}),
      };
    case 'human_in_loop':
      return summary.hilIds.includes(e.hil_id) ? {} : { hilIds: [...summary.hilIds, e.hil_id] };
    case 'result':
      return {
        result: {
          ...(e.ok !== undefined ? { ok: e.ok } : {}),
          ...(e.summary ? { summary: e.summary } : {}),
        },
      };
    default:
      return {};
  }
}

/** The summary once the process exited: succeeded on exit code 0 unless the result said not ok. */
function ended(summary: RunSummary, exit: RunExit, at: number): RunSummary {
  const ok = exit.code === 0 && exit.signal === null && summary.result?.ok !== false;
  return {
    ...summary,
    status: ok ? 'succeeded' : 'failed',
    endedAt: at,
    exitCode: exit.code,
    signal: exit.signal,
    durationMs: at - summary.startedAt,
  };
}
