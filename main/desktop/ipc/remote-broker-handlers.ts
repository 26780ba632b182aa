import type { RemoteBrokersView } from '@contract/ipc/channels';
import { InvalidInputError } from '../../broker/errors';
import type { RemoteBrokerStore } from '../settings/remote-broker-store';
import type { RemoteInboxes } from '../attach/remote-inboxes';
import type { IpcRouter } from './ipc-router';

/** The remote brokers as the settings view shows them: never a token, and whether each is up. */
export function remoteBrokersView(
  store: RemoteBrokerStore,
  remotes?: RemoteInboxes,
): RemoteBrokersView {
  const states = new Map(remotes?.states().map((s) => [s.name, s.connected]));
  return {
    brokers: store.list().map(({ name, url, token, tokenSaved }) => ({
      name,
      url,
      hasToken: token !== undefined,
      tokenSaved,
      ...(states.has(name) ? { connected: states.get(name) } : {}),
    })),
    canSaveTokens: store.canSaveTokens(),
  };
}

/**
 * The settings view's remote brokers over IPC; a token goes in, never comes back out. Adding or
 * removing one connects or drops it in the inbox at once.
 */
export function registerRemoteBrokerIpc(
  router: IpcRouter,
  store: RemoteBrokerStore,
  remotes?: RemoteInboxes,
): void {
  const view = () => remoteBrokersView(store, remotes);
  router.handle('brokers:list', view);
  router.handle('brokers:save', (input) => {
    try {
      store.save(input);
    } catch (error) {
      throw new InvalidInputError(error instanceof Error ? error.message : String(error));
    }
    remotes?.sync(store.list());
    return view();
  });
  router.handle('brokers:remove', ({ name }) => {
    store.remove(name);
    remotes?.sync(store.list());
    return view();
  });
}
