import { RUN_TEXT_LIMIT, type RunLineInput } from '@contract/run-schemas';
import type { RunLine } from '@contract/jsonl-events';

/** Serialised size (characters) one batch stays under, so it stays well below the 1 MiB body limit. */
export const BATCH_CHARS = 256_000;

/** The line as the broker accepts it: texts cut to RUN_TEXT_LIMIT, oversized events as a note. */
export function forwardable(line: RunLine | RunLineInput): RunLineInput {
  if (line.kind === 'text') return { kind: 'text', text: line.text.slice(0, RUN_TEXT_LIMIT) };
  const e = line.event;
  const event =
    e.type === 'token' || e.type === 'notice' ? { ...e, text: e.text.slice(0, RUN_TEXT_LIMIT) } : e;
  if (JSON.stringify(event).length > BATCH_CHARS)
    return { kind: 'text', text: `(a ${e.type} event too large to show was left out)` };
  return { kind: 'event', event };
}
