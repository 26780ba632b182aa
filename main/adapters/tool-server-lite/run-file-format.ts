import {
  RunUpdatedSchema,
  type RunDetail,
  type RunEntry,
  type RunUpdated,
} from '@contract/run-schemas';

/**
 * The on-disk shape of one agent run: `<runsDir>/<id>.jsonl`, one line per saved change, each a
 * `RunUpdated` (the summary as it was then, and the entries added or grown since the previous
 * line). Replaying the lines in order (the last summary wins, an entry's later copy replaces its
 * earlier one by `n`) gives the run back; a rewritten (compacted) file is a single such line.
 */

const RUN_FILE_SUFFIX = '.jsonl';
/** Run ids as `RunStore` makes them (`run-<uuid>`): safe as file names, no dots or separators. */
const RUN_ID = /^run-[A-Za-z0-9-]{1,100}$/;

/** True when `id` may name a run file (anything else is never used as a path). */
export function isRunId(id: string): boolean {
  return RUN_ID.test(id);
}

/** The run id a file name stands for, or undefined for a foreign file. */
export function runIdOfFile(name: string): string | undefined {
  if (!name.endsWith(RUN_FILE_SUFFIX)) return undefined;
  const id = name.slice(0, -RUN_FILE_SUFFIX.length);
  return isRunId(id) ? id : undefined;
}

/** The file name of a run (its id must pass `isRunId`). */
export function runFileName(id: string): string {
  return `${id}${RUN_FILE_SUFFIX}`;
}

/** One line of a run file, newline included. */
export function runFileLine(update: RunUpdated): string {
  return `${JSON.stringify(update)}\n`;
}

export interface ParsedRunFile {
  /** The run as its valid lines tell it; undefined when none was valid. */
  detail?: RunDetail;
  /** Lines that were not valid JSON, not a valid change, or about another run: skipped. */
  skipped: number;
  /** The file does not end with a newline (a write was cut short): the next append starts a line. */
  torn: boolean;
}

/** Replays a run file's text. Pure and total: never throws. */
export function parseRunFile(id: string, text: string): ParsedRunFile {
  let run: RunDetail['run'] | undefined;
  const entries = new Map<number, RunEntry>();
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const update = parseLine(line);
    if (!update || update.run.id !== id) {
      skipped += 1;
      continue;
    }
    run = update.run;
    for (const entry of update.entries) entries.set(entry.n, entry);
  }
  const torn = text.length > 0 && !text.endsWith('\n');
  return run
    ? { detail: { run, entries: [...entries.values()] }, skipped, torn }
    : { skipped, torn };
}

/** The change a line holds, or undefined when it is not JSON or not a valid change. */
function parseLine(line: string): RunUpdated | undefined {
  try {
    return RunUpdatedSchema.parse(JSON.parse(line));
  } catch {
    return undefined;
  }
}
