import { useEffect, useState } from 'react';
import type { InboxClient } from '../client/inbox-client';
import { useReconnects } from '../hooks/use-reconnects';
import { mergeRunStates, runningCount, type RunState } from './running-runs';

/**
 * The number of agent runs still running, for the Runs tab: live from run updates, and from the
 * run list fetched after the inbox painted (the tab must not delay the first paint) and after
 * each reconnect.
 */
export function useRunningCount(client: InboxClient): number {
  const [known, setKnown] = useState<ReadonlyMap<string, RunState>>(() => new Map());
  const reconnects = useReconnects(client);
  useEffect(
    () => client.subscribeRuns((update) => setKnown((prev) => mergeRunStates(prev, [update.run]))),
    [client],
  );
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      client.listRuns().then(
        (runs) => live && setKnown((prev) => mergeRunStates(prev, runs)),
        () => undefined, // The Runs view itself reports a failed list.
      );
    }, 500);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, reconnects]);
  return runningCount(known);
}
