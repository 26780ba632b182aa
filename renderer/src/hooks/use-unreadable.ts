import { useCallback, useEffect, useState } from 'react';
import type { UnreadableItem } from '@contract/unreadable';
import type { InboxClient } from '../client/inbox-client';

/** The broker's "could not read" items, live, and a way to dismiss one. */
export function useUnreadable(client: InboxClient): {
  items: UnreadableItem[];
  dismiss: (id: string) => void;
} {
  const [items, setItems] = useState<UnreadableItem[]>([]);
  useEffect(() => client.subscribeUnreadable(setItems), [client]);
  const dismiss = useCallback(
    (id: string) => {
      setItems((current) => current.filter((item) => item.id !== id));
      // The list after the dismissal comes through the subscription, ordered with every other
      // change (a reply could arrive after a newer event); only a failed dismissal refetches.
      client
        .dismissUnreadable(id)
        .catch(() => client.listUnreadable().then(setItems, () => undefined));
    },
    [client],
  );
  return { items, dismiss };
}
