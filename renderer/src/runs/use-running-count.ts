import { useEffect, useState } from 'react';
import type { InboxClient } from '../client/inbox-client';
import { mergeRunStates, runningCount, type RunState } from './running-runs';

/**
 * The number of agent runs still running, for the Runs tab: live from run updates, and from the
 * run list fetched once after the inbox painted (the tab must not delay the first paint).
 */
export function useRunningCount(client: InboxClient): number {
  const [known, setKnown] = useState<ReadonlyMap<string, RunState>>(() => new Map());
  useEffect(() => {
    let live = true;
    const merge = (runs: RunState[]) => setKnown((prev) => mergeRunStates(prev, runs));
    const off = client.subscribeRuns((update) => merge([update.run]));
    const timer = setTimeout(() => {
      client.listRuns().then(
        (runs) => live && merge(runs),
        () => undefined, // The Runs view itself reports a failed list.
      );
    }, 500);
    return () => {
      live = false;
      clearTimeout(timer);
      off();
    };
  }, [client]);
  return runningCount(known);
}
