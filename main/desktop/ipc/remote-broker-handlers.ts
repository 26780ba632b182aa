import type { RemoteBrokersView } from '@contract/ipc/channels';
import { InvalidInputError } from '../../broker/errors';
import type { RemoteBrokerStore } from '../settings/remote-broker-store';
import type { IpcRouter } from './ipc-router';

/** The settings view's remote brokers over IPC; a token goes in, never comes back out. */
export function registerRemoteBrokerIpc(router: IpcRouter, store: RemoteBrokerStore): void {
  const view = (): RemoteBrokersView => ({
    brokers: store.list().map(({ name, url, token, tokenSaved }) => ({
      name,
      url,
      hasToken: token !== undefined,
      tokenSaved,
    })),
    canSaveTokens: store.canSaveTokens(),
  });
  router.handle('brokers:list', view);
  router.handle('brokers:save', (input) => {
    try {
      store.save(input);
    } catch (error) {
      throw new InvalidInputError(error instanceof Error ? error.message : String(error));
    }
    return view();
  });
  router.handle('brokers:remove', ({ name }) => {
    store.remove(name);
    return view();
  });
}
