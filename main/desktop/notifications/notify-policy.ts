import type { DesktopSettings } from '@contract/desktop-settings';
import { notifiesAbout } from '@contract/notify-events';
import type { HitlRequest } from '@contract/request';

type NotifySettings = Pick<DesktopSettings, 'notifications' | 'doNotDisturb' | 'notifyEvents'>;

/**
 * The desktop's rule for a native notification, read from the settings at each new request:
 * notifications on, Do not disturb off, and the request's event one the operator notifies about
 * (questions and approvals always; finished / failed sessions and waiting agents per setting).
 */
export function notifiesUnder(settings: () => NotifySettings): (request: HitlRequest) => boolean {
  return (request) => {
    const { notifications, doNotDisturb, notifyEvents } = settings();
    return notifications && !doNotDisturb && notifiesAbout(request, notifyEvents);
  };
}
