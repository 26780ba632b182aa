import { BrokerError } from '../../broker/errors';
import { createPairingLink, phoneSessionList } from '../../http/pairing/pairing-link';
import type { PhoneSessions } from '../../http/pairing/phone-sessions';
import type { IpcRouter } from './ipc-router';

/** What pairing a phone needs of the broker service running in-process. */
export interface PhoneIpcDeps {
  phones: PhoneSessions;
  /** The public URL the service started with (`--public-url`, the Phone settings), if any. */
  publicUrl: () => string | undefined;
  /** The broker's own URL (read at each call: a rebind moves it). */
  ownUrl: () => string;
}

/**
 * The desktop settings' pairing: the same operations as the web inbox's routes
 * (`POST /api/pairing-links`, `GET /api/phone-sessions`, `POST /api/phone-sessions/:id/revoke`).
 */
export function registerPhoneIpc(router: IpcRouter, deps: PhoneIpcDeps): void {
  router.handle('phone:pairing-link', () => {
    const publicUrl = deps.publicUrl();
    return createPairingLink(deps.phones, {
      ...(publicUrl ? { publicUrl } : {}),
      ownUrl: deps.ownUrl(),
    });
  });
  router.handle('phone:sessions', () => phoneSessionList(deps.phones));
  router.handle('phone:revoke', ({ id }) => {
    if (!deps.phones.revoke(id))
      throw new BrokerError('not_found', `no paired phone has the session ${id}`);
    return phoneSessionList(deps.phones);
  });
}
