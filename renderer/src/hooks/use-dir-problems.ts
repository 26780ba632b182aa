import { useCallback, useEffect, useRef, useState } from 'react';
import type { DirProblemView, InboxClient } from '../client/inbox-client';

/** How often the list is asked again when nothing else prompts it (a lost dir may hold no request). */
const RECHECK_MS = 10_000;

/**
 * Handshake dirs the broker stopped watching (replaced or removed while watched), from the
 * client's `info()` (GET /api/info over HTTP, `inbox:info` over IPC). Asked again when the
 * connection (re)opens, when the number of pending requests changes (a lost dir cancels its
 * questions) and every few seconds. Adds no event subscription of its own.
 */
export function useDirProblems(client: InboxClient, pendingCount: number): DirProblemView[] {
  const [problems, setProblems] = useState<DirProblemView[]>([]);
  const live = useRef(true);
  const refresh = useCallback(() => {
    client.info().then(
      (info) => {
        if (live.current) setProblems(info.dirProblems ?? []);
      },
      () => undefined,
    );
  }, [client]);
  useEffect(() => {
    live.current = true;
    const timer = setInterval(refresh, RECHECK_MS);
    const offConnection = client.onConnectionChange((state) => {
      if (state === 'open') refresh();
    });
    return () => {
      live.current = false;
      clearInterval(timer);
      offConnection();
    };
  }, [client, refresh]);
  useEffect(refresh, [refresh, pendingCount]);
  return problems;
}
