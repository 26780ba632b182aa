import { RUN_TEXT_LIMIT, type RunEntry, type RunLineInput } from '@contract/run-schemas';
import { isToken } from './run-summary';

/** How much of a run's timeline is kept. */
export interface EntryLimits {
  /** Entries kept; the oldest are dropped. */
  perRun: number;
  /** Characters of entries (as JSON) kept; the oldest go first. */
  perRunChars: number;
}

/**
 * One run's kept entries, oldest first, with the JSON size of each so trimming to the character
 * bound costs nothing per entry.
 */
export class KeptEntries {
  readonly list: RunEntry[] = [];
  private readonly sizes: number[] = [];
  private chars = 0;

  /** Entries restored from disk (any order, `n` unique), trimmed to `limits`. */
  static restore(entries: Iterable<RunEntry>, limits: EntryLimits): KeptEntries {
    const kept = new KeptEntries();
    for (const entry of [...entries].sort((a, b) => a.n - b.n)) kept.push(entry);
    kept.trim(limits);
    return kept;
  }

  /**
   * Grows the last entry when it and `line` are both tokens and the text still fits; returns the
   * grown entry, or undefined when `line` needs an entry of its own.
   */
  mergeToken(line: RunLineInput, at: number): RunEntry | undefined {
    const last = this.list.at(-1);
    if (line.kind !== 'event' || line.event.type !== 'token' || !last || !isToken(last)) return;
    const added = line.event.text;
    if (last.event.text.length + added.length > RUN_TEXT_LIMIT) return;
    last.event = { ...last.event, text: last.event.text + added };
    last.at = at;
    this.sizes[this.sizes.length - 1]! += added.length;
    this.chars += added.length;
    return last;
  }

  push(entry: RunEntry): void {
    const size = JSON.stringify(entry).length;
    this.list.push(entry);
    this.sizes.push(size);
    this.chars += size;
  }

  /** Drops the oldest entries beyond the limits (the newest one always stays). */
  trim({ perRun, perRunChars }: EntryLimits): void {
    let drop = 0;
    let chars = this.chars;
    const left = () => this.list.length - drop;
    while (left() > 1 && (left() > perRun || chars > perRunChars)) {
      chars -= this.sizes[drop]!;
      drop += 1;
    }
    if (drop === 0) return;
    this.list.splice(0, drop);
    this.sizes.splice(0, drop);
    this.chars = chars;
  }
}
