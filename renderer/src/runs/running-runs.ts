import type { RunStatus } from '@contract/run-schemas';

/** What the Runs tab needs of each run: its status as of its last report. */
export interface RunState {
  id: string;
  status: RunStatus;
  updatedAt: number;
}

/**
 * Merges run states into `known` (a new map when anything changed, else `known` itself). The
 * newer report of a run wins, so a run list fetched before a live update cannot undo it.
 */
export function mergeRunStates(
  known: ReadonlyMap<string, RunState>,
  runs: readonly RunState[],
): ReadonlyMap<string, RunState> {
  let next: Map<string, RunState> | undefined;
  for (const run of runs) {
    const seen = (next ?? known).get(run.id);
    if (seen && seen.updatedAt > run.updatedAt) continue;
    if (seen && seen.updatedAt === run.updatedAt && seen.status === run.status) continue;
    next ??= new Map(known);
    next.set(run.id, { id: run.id, status: run.status, updatedAt: run.updatedAt });
  }
  return next ?? known;
}

/** How many runs are still running. */
export function runningCount(known: ReadonlyMap<string, RunState>): number {
  let n = 0;
  for (const run of known.values()) if (run.status === 'running') n += 1;
  return n;
}
