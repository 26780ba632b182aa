import { useEffect, useReducer, useState } from 'react';
import type { ConnectionState, InboxClient } from '../client/inbox-client';
import { inboxReducer, initialInboxState, type InboxAction, type InboxState } from './inbox-state';

/**
 * Subscribes to a client's live events and keeps the inbox state. Every transport starts its
 * stream with a `snapshot` (see InboxClient.subscribe), so the pending list is not fetched twice.
 */
export function useInbox(client: InboxClient): {
  state: InboxState;
  connection: ConnectionState;
  dispatch: (action: InboxAction) => void;
} {
  const [state, dispatch] = useReducer(inboxReducer, initialInboxState);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  useEffect(() => {
    const unsubscribe = client.subscribe(dispatch);
    const offConnection = client.onConnectionChange(setConnection);
    return () => {
      unsubscribe();
      offConnection();
    };
  }, [client]);
  return { state, connection, dispatch };
}
