import { useCallback, useEffect, useRef, useState } from 'react';
import { notifiesAbout, type NotifyEvents } from '@contract/notify-events';
import type { InboxState } from '../state/inbox-state';
import { loadAttentionPrefs, pageStorage, saveAttentionPrefs } from './attention-prefs';
import { faviconDataUrl } from './favicon-svg';
import { NewRequestTracker } from './new-requests';

/** Where browser notifications stand: off, on, blocked by the browser, or not available. */
export type NotifyState = 'off' | 'on' | 'blocked' | 'unsupported';

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
    const { prefs, perm, openRequest, enabled } = live.current;
    // Questions always; finished / failed sessions and waiting agents as the operator chose.
    const fresh = tracker.current.next(state).filter((r) => notifiesAbout(r, prefs.events));
    if (!fresh.length || !enabled) return;
    // The operator is looking at the inbox: the list shows it, a notification would only interrupt.
    const notify =
      prefs.notify &&
      perm === 'granted' &&
      typeof Notification === 'function' &&
      pageInBackground();
    if (!prefs.sound && !notify) return;
    // The chime and notifications load with the first arrival to announce (not the first load).
    import('./announce').then(
      (m) => m.announce(fresh, prefs.sound, notify, openRequest),
      () => undefined,
    );
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
    events: prefs.events,
    setEvents: (events: NotifyEvents) => update({ events }),
  };
}
