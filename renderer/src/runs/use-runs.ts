import { useCallback, useEffect, useReducer, useState } from 'react';
import type { InboxClient } from '../client/inbox-client';
import { useReconnects } from '../hooks/use-reconnects';
import { initialRunsState, runsReducer, type RunsState } from './runs-state';

/**
 * The Runs view's data: the run list (loaded once and after each reconnect, kept live by
 * `run_updated`), and the selected run's entries (loaded on selection and after each reconnect,
 * kept live the same way).
 */
export function useRuns(client: InboxClient): {
  state: RunsState;
  error: string | undefined;
  select: (id: string) => void;
} {
  const [state, dispatch] = useReducer(runsReducer, initialRunsState);
  const [error, setError] = useState<string | undefined>();
  // Run updates are live-only on the stream: after a reconnect, list and load again.
  const reconnects = useReconnects(client);
  useEffect(
    () => client.subscribeRuns((update) => dispatch({ type: 'updated', update })),
    [client],
  );
  useEffect(() => {
    let live = true;
    client.listRuns().then(
      (runs) => live && dispatch({ type: 'listed', runs }),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [client, reconnects]);

  const { selectedId } = state;
  useEffect(() => {
    if (!selectedId) return;
    let live = true;
    dispatch({ type: 'detail_loading', id: selectedId });
    client.getRun(selectedId).then(
      (detail) => live && dispatch({ type: 'detail_loaded', detail }),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [client, selectedId, reconnects]);

  const select = useCallback((id: string) => {
    setError(undefined);
    dispatch({ type: 'selected', id });
  }, []);
  return { state, error, select };
}
