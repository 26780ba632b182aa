import type { Broker } from '../../broker/broker';
import type { RemoteInboxes } from './remote-inboxes';

/** What the tray, popover and notifications read: pending requests and their events. */
export type DesktopInbox = Pick<Broker, 'pending' | 'subscribe'>;

/** The own broker's inbox and the remote brokers' in one: what the tray counts and notifies. */
export function mergedInbox(own: DesktopInbox, remotes: RemoteInboxes): DesktopInbox {
  return {
    pending: () =>
      [...own.pending(), ...remotes.pending()].sort((a, b) => a.createdAt - b.createdAt),
    subscribe: (listener) => {
      const offOwn = own.subscribe(listener);
      const offRemote = remotes.subscribe(listener);
      return () => {
        offOwn();
        offRemote();
      };
    },
  };
}
