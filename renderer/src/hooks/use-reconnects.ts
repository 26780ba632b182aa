import { useEffect, useState } from 'react';
import type { ConnectionState, InboxClient } from '../client/inbox-client';

/**
 * How many times the client's connection came back after a drop (reconnecting → open). Agent
 * messages and run updates are live-only on the stream, never replayed: views that keep them
 * load again when this changes, to catch up on what was said meanwhile.
 */
export function useReconnects(client: InboxClient): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let last: ConnectionState | undefined;
    return client.onConnectionChange((state) => {
      if (state === 'open' && last === 'reconnecting') setCount((n) => n + 1);
      last = state;
    });
  }, [client]);
  return count;
}
