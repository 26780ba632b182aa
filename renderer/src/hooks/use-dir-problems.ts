import { useEffect, useState } from 'react';
import type { DirProblemView, InboxClient } from '../client/inbox-client';

/** How often the list is asked again when nothing else prompts it (a lost dir may hold no request). */
const RECHECK_MS = 10_000;

/**
 * Handshake dirs the broker stopped watching (replaced or removed while watched), from the
 * client's `info()` (GET /api/info over HTTP, `inbox:info` over IPC). Asked again when the
 * connection (re)opens, when a request is cancelled (a lost dir cancels its questions) and
 * every few seconds.
 */
export function useDirProblems(client: InboxClient): DirProblemView[] {
  const [problems, setProblems] = useState<DirProblemView[]>([]);
  useEffect(() => {
    let live = true;
    const refresh = () =>
      client.info().then(
        (info) => {
          if (live) setProblems(info.dirProblems ?? []);
        },
        () => undefined,
      );
    refresh();
    const timer = setInterval(refresh, RECHECK_MS);
    const offEvents = client.subscribe((event) => {
      if (event.type === 'cancelled') refresh();
    });
    const offConnection = client.onConnectionChange((state) => {
      if (state === 'open') refresh();
    });
    return () => {
      live = false;
      clearInterval(timer);
      offEvents();
      offConnection();
    };
  }, [client]);
  return problems;
}
