import {
  RUN_TEXT_LIMIT,
  type RunEntry,
  type RunExit,
  type RunLineInput,
  type RunStart,
  type RunSummary,
} from '@contract/run-schemas';

/** A run's summary as it starts: running, no entries yet. */
export function startedSummary(id: string, input: RunStart, at: number): RunSummary {
  return {
    id,
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
}

/** True for a `token` event entry (consecutive ones are merged). */
export function isToken(
  entry: RunEntry,
): entry is Extract<RunEntry, { kind: 'event' }> & { event: { type: 'token'; text: string } } {
  return entry.kind === 'event' && entry.event.type === 'token';
}

/** The line with its text cut to RUN_TEXT_LIMIT. */
export function cut(line: RunLineInput): RunLineInput {
  if (line.kind === 'text') return { kind: 'text', text: line.text.slice(0, RUN_TEXT_LIMIT) };
  if (line.event.type === 'token' || line.event.type === 'notice')
    return {
      kind: 'event',
      event: { ...line.event, text: line.event.text.slice(0, RUN_TEXT_LIMIT) },
    };
  return line;
}

/** What an event tells the summary. */
export function summaryFrom(summary: RunSummary, line: RunLineInput): Partial<RunSummary> {
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
export function ended(summary: RunSummary, exit: RunExit, at: number): RunSummary {
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
