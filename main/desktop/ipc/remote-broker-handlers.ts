import type { RemoteBrokersView } from '@contract/ipc/channels';
import { InvalidInputError } from '../../broker/errors';
import type { RemoteBrokerStore } from '../settings/remote-broker-store';
import type { RemoteInboxes } from '../attach/remote-inboxes';
import type { IpcRouter } from './ipc-router';

/**
 * The remote brokers as the settings view shows them: never a token, and whether each is up.
 * Brokers named at launch are listed too (marked `fromLaunch`); one of them hides a saved broker
 * of the same name, as it does in the inbox.
 */
export function remoteBrokersView(
  store: RemoteBrokerStore,
  remotes?: RemoteInboxes,
): RemoteBrokersView {
  const states = new Map(remotes?.states().map((s) => [s.name, s]));
  const launched = [...states.values()].filter((s) => s.fromLaunch);
  const saved = store
    .list()
    .filter(({ name }) => !states.get(name)?.fromLaunch)
    .map(({ name, url, token, tokenSaved }) => ({
      name,
      url,
      hasToken: token !== undefined,
      tokenSaved,
      ...(states.has(name) ? { connected: states.get(name)!.connected } : {}),
    }));
  return {
    brokers: [
      ...launched.map(({ name, url, connected, hasToken }) => ({
        name,
        url,
        hasToken,
        tokenSaved: false,
        connected,
        fromLaunch: true,
      })),
      ...saved,
    ],
    canSaveTokens: store.canSaveTokens(),
  };
}

/** A broker given at launch is neither shadowed by a saved one nor removed in the settings. */
function refuseLaunchName(
  name: string,
  remotes: RemoteInboxes | undefined,
  action: 'save' | 'remove',
): void {
  if (!remotes?.isLaunchName(name)) return;
  const given = 'given at launch (--remote or CLARITY_HITL_REMOTES)';
  throw new InvalidInputError(
    action === 'save'
      ? `name: "${name}" is already a broker ${given} for this run; pick another name`
      : `name: "${name}" was ${given}; it stays for this run`,
  );
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
    refuseLaunchName(input.name, remotes, 'save');
    try {
      store.save(input);
    } catch (error) {
      throw new InvalidInputError(error instanceof Error ? error.message : String(error));
    }
    remotes?.sync(store.list());
    return view();
  });
  router.handle('brokers:remove', ({ name }) => {
    refuseLaunchName(name, remotes, 'remove');
    store.remove(name);
    remotes?.sync(store.list());
    return view();
  });
}
