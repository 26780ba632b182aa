import { useCallback, useEffect, useRef, useState } from 'react';
import type { InboxState } from '../state/inbox-state';
import { loadAttentionPrefs, pageStorage, saveAttentionPrefs } from './attention-prefs';
import { playChime } from './chime';
import { faviconDataUrl } from './favicon-svg';
import { NewRequestTracker, notificationBody, notificationTitle } from './new-requests';

/** Where browser notifications stand: off, on, blocked by the browser, or not available. */
export type NotifyState = 'off' | 'on' | 'blocked' | 'unsupported';

/** At most this many notifications for one batch of arrivals (a burst must not flood the OS). */
const MAX_PER_BATCH = 3;

/** The tab is hidden (another tab, minimised) or its window is not the focused one. */
export function pageInBackground(): boolean {
  return document.visibilityState === 'hidden' || !document.hasFocus();
}

function permission(): NotificationPermission | undefined {
  return typeof Notification === 'function' ? Notification.permission : undefined;
}

/**
 * Attention while the inbox is in the background: the favicon carries the pending count, and
 * (once the operator asked for them: never a permission prompt on load) a browser notification
 * (only while the tab is hidden or unfocused) and an optional sound announce each new request. Clicking a notification focuses the tab on
 * that request.
 */
export function useAttention(
  state: InboxState,
  count: number,
  openRequest: (id: string) => void,
  /** Notify and sound only in the web inbox (the desktop app has native notifications). */
  enabled = true,
) {
  const [prefs, setPrefs] = useState(() => loadAttentionPrefs(pageStorage()));
  const [perm, setPerm] = useState(permission);
  const tracker = useRef(new NewRequestTracker());
  const live = useRef({ prefs, perm, openRequest, enabled });
  live.current = { prefs, perm, openRequest, enabled };

  useEffect(() => {
    // Every icon link (a page may carry more than ours): the tab shows the count whichever it picks.
    const href = faviconDataUrl(count);
    document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]').forEach((link) => {
      link.href = href;
    });
  }, [count]);

  useEffect(() => {
    const fresh = tracker.current.next(state);
    const { prefs, perm, openRequest, enabled } = live.current;
    if (!fresh.length || !enabled) return;
    if (prefs.sound) playChime();
    if (!prefs.notify || perm !== 'granted' || typeof Notification !== 'function') return;
    // The operator is looking at the inbox: the list shows it, a notification would only interrupt.
    if (!pageInBackground()) return;
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
  }, [state]);

  const update = useCallback((next: Partial<typeof prefs>) => {
    setPrefs((p) => {
      const merged = { ...p, ...next };
      saveAttentionPrefs(pageStorage(), merged);
      return merged;
    });
  }, []);

  /** The "Notify me" control: asks the browser's permission now (a click, never on load). */
  const toggleNotify = useCallback(async () => {
    if (typeof Notification !== 'function') return;
    if (live.current.prefs.notify && Notification.permission === 'granted') {
      update({ notify: false });
      return;
    }
    let granted = Notification.permission;
    if (granted === 'default') granted = await Notification.requestPermission();
    setPerm(granted);
    update({ notify: granted === 'granted' });
  }, [update]);

  const notify: NotifyState =
    perm === undefined
      ? 'unsupported'
      : perm === 'denied'
        ? 'blocked'
        : prefs.notify && perm === 'granted'
          ? 'on'
          : 'off';
  return {
    notify,
    toggleNotify,
    sound: prefs.sound,
    setSound: (sound: boolean) => update({ sound }),
  };
}
