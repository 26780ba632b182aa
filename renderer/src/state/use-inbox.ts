import { useEffect, useReducer, useState } from 'react';
import type { ConnectionState, InboxClient } from '../client/inbox-client';
import { inboxReducer, initialInboxState, type InboxAction, type InboxState } from './inbox-state';

/**
 * Subscribes to a client's live events and keeps the inbox state. Before the first event the
 * pending list is loaded once, so a transport without an initial snapshot still fills the inbox.
 */
export function useInbox(client: InboxClient): {
  state: InboxState;
  connection: ConnectionState;
  dispatch: (action: InboxAction) => void;
} {
  const [state, dispatch] = useReducer(inboxReducer, initialInboxState);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  useEffect(() => {
    let gotEvent = false;
    const unsubscribe = client.subscribe((event) => {
      gotEvent = true;
      dispatch(event);
    });
    const offConnection = client.onConnectionChange(setConnection);
    client
      .listPending()
      .then(({ requests, seq }) => {
        if (!gotEvent) dispatch({ type: 'snapshot', seq, pending: requests });
      })
      .catch(() => undefined); // the connection banner already tells the operator
    return () => {
      unsubscribe();
      offConnection();
    };
  }, [client]);
  return { state, connection, dispatch };
}
