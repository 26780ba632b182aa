import type { RunDetail, RunSummary, RunUpdated } from '@contract/run-schemas';
import { mergeRunUpdate } from '../client/run-merge';

/** What the Runs view knows: every run's summary, and the entries of the run being shown. */
export interface RunsState {
  /** Newest first. */
  runs: readonly RunSummary[];
  loaded: boolean;
  /** The run whose entries are shown (loaded or loading). */
  selectedId: string | undefined;
  detail: RunDetail | undefined;
  /** Updates of the selected run that arrived while its detail was loading (or reloading). */
  early: readonly RunUpdated[];
  /** The selected run's detail is being loaded again (after a reconnect); `detail` is the old one. */
  reloading: boolean;
}

export type RunsAction =
  | { type: 'listed'; runs: RunSummary[] }
  | { type: 'updated'; update: RunUpdated }
  | { type: 'selected'; id: string }
  | { type: 'detail_loading'; id: string }
  | { type: 'detail_loaded'; detail: RunDetail };

export const initialRunsState: RunsState = {
  runs: [],
  loaded: false,
  selectedId: undefined,
  detail: undefined,
  early: [],
  reloading: false,
};

/** Applies a list, a live update, a selection or a loaded detail. Pure. */
export function runsReducer(state: RunsState, action: RunsAction): RunsState {
  switch (action.type) {
    case 'listed': {
      // Updates heard while the list was on its way may be newer than it.
      const known = new Map(state.runs.map((r) => [r.id, r]));
      const runs = action.runs.map((r) => newer(known.get(r.id), r));
      const listed = new Set(runs.map((r) => r.id));
      return {
        ...state,
        loaded: true,
        runs: sortRuns([...runs, ...state.runs.filter((r) => !listed.has(r.id))]),
      };
    }
    case 'updated': {
      const { run } = action.update;
      const runs = sortRuns([run, ...state.runs.filter((r) => r.id !== run.id)]);
      if (run.id !== state.selectedId) return { ...state, runs };
      if (!state.detail) return { ...state, runs, early: [...state.early, action.update] };
      const detail = mergeRunUpdate(state.detail, action.update);
      // A reload under way may answer with the run as it was before this update: keep it to replay.
      const early = state.reloading ? [...state.early, action.update] : state.early;
      return { ...state, runs, detail, early };
    }
    case 'selected':
      if (action.id === state.selectedId) return state;
      return { ...state, selectedId: action.id, detail: undefined, early: [], reloading: false };
    case 'detail_loading':
      if (action.id !== state.selectedId || !state.detail) return state;
      return { ...state, reloading: true, early: [] };
    case 'detail_loaded': {
      if (action.detail.run.id !== state.selectedId) return state;
      let detail = action.detail;
      for (const update of state.early) {
        const merged = mergeRunUpdate(detail, update);
        detail = { ...merged, run: newer(detail.run, update.run) };
      }
      return { ...state, detail, early: [], reloading: false };
    }
  }
}

/** The later of two reports of the same run. */
function newer(a: RunSummary | undefined, b: RunSummary): RunSummary {
  if (!a) return b;
  if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt ? a : b;
  if (a.entryCount !== b.entryCount) return a.entryCount > b.entryCount ? a : b;
  return a.status !== 'running' ? a : b;
}

function sortRuns(runs: RunSummary[]): RunSummary[] {
  return runs.sort((a, b) => b.startedAt - a.startedAt);
}
