import type { RunEntry, RunSummary } from '@contract/run-schemas';
import type { RunEvent } from '@contract/jsonl-events';

/** What a run is called in the list: its agent and task, else the command it runs. */
export function runTitle(run: RunSummary): string {
  const named = [run.agent, run.task].filter(Boolean).join(' · ');
  return named || run.command.join(' ');
}

/** A compact duration: "8s", "3m 05s", "2h 04m". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** How long a run took, or has been running at `now`. */
export function runDuration(run: RunSummary, now: number): number {
  return run.durationMs ?? (run.endedAt ?? Math.max(now, run.updatedAt)) - run.startedAt;
}

type EventOf<T extends RunEvent['type']> = Extract<RunEvent, { type: T }>;

/** One block of the timeline: streamed tokens as one text, plain lines as one log, or one event. */
export type TimelineItem =
  | { kind: 'stream'; key: number; text: string }
  | { kind: 'log'; key: number; lines: string[] }
  | { kind: 'event'; key: number; at: number; event: Exclude<RunEvent, EventOf<'token'>> };

/** Groups a run's entries into timeline blocks (consecutive tokens, consecutive plain lines). Pure. */
export function timelineItems(entries: readonly RunEntry[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  for (const entry of entries) {
    const last = items.at(-1);
    if (entry.kind === 'text') {
      if (last?.kind === 'log') last.lines.push(entry.text);
      else items.push({ kind: 'log', key: entry.n, lines: [entry.text] });
    } else if (entry.event.type === 'token') {
      if (last?.kind === 'stream') last.text += entry.event.text;
      else items.push({ kind: 'stream', key: entry.n, text: entry.event.text });
    } else {
      items.push({ kind: 'event', key: entry.n, at: entry.at, event: entry.event });
    }
  }
  return items;
}
