import type { HitlRequest } from '@contract/request';
import { playChime } from './chime';

/** At most this many notifications for one batch of arrivals (a burst must not flood the OS). */
const MAX_PER_BATCH = 3;

/**
 * Announces new requests: the chime when `sound`, and (when `notify`) a browser notification for
 * each of the first few; clicking one focuses the tab on that request. Loaded on the first
 * arrival to announce, so none of it weighs on the inbox's first load.
 */
export function announce(
  fresh: readonly HitlRequest[],
  sound: boolean,
  notify: boolean,
  openRequest: (id: string) => void,
): void {
  if (sound) playChime();
  if (!notify) return;
  for (const request of fresh.slice(0, MAX_PER_BATCH)) {
    try {
      const notification = new Notification(notificationTitle(request), {
        body: notificationBody(request, request.key),
        tag: `hitl-${request.id}`,
      });
      notification.onclick = () => {
        window.focus();
        openRequest(request.id);
        notification.close();
      };
    } catch {
      // Some browsers allow notifications only from a service worker: nothing to show then.
    }
  }
}

/** The notification's title: the agent's name or id, else the protocol the request came by. */
export function notificationTitle(request: HitlRequest): string {
  return request.agent?.name ?? request.agent?.id ?? request.source;
}

/** The notification's body: the question's first non-empty line, without markdown's loudest marks. */
export function notificationBody(request: HitlRequest, fallback: string): string {
  const line =
    request.prompt
      .split(/\r?\n/)
      .map((l) =>
        l
          .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/, '')
          .replace(/(\*\*|__|`)/g, '')
          .trim(),
      )
      .find((l) => l !== '' && !l.startsWith('```')) ?? '';
  const text = line || request.title || request.key || fallback;
  return text.length > 200 ? `${text.slice(0, 199).trimEnd()}…` : text;
}
