import { defaultNotifyEvents, type NotifyEvents } from '@contract/notify-events';

/** The web inbox's attention preferences, remembered in localStorage (both off by default). */
export interface AttentionPrefs {
  /** Browser notifications for new requests (takes effect only with the browser's permission). */
  notify: boolean;
  /** A short sound for new requests. */
  sound: boolean;
  /** Which events besides questions notify and chime (every one unless turned off). */
  events: NotifyEvents;
}

const KEY = 'hitl.attention.v1';

/** Reads the saved preferences; anything missing or unreadable is off. */
export function loadAttentionPrefs(storage: Pick<Storage, 'getItem'> | undefined): AttentionPrefs {
  try {
    const parsed = JSON.parse(storage?.getItem(KEY) ?? '{}') as Partial<AttentionPrefs>;
    const events = defaultNotifyEvents();
    for (const name of Object.keys(events) as (keyof NotifyEvents)[])
      if (parsed.events?.[name] === false) events[name] = false;
    return { notify: parsed.notify === true, sound: parsed.sound === true, events };
  } catch {
    return { notify: false, sound: false, events: defaultNotifyEvents() };
  }
}

/** Saves the preferences (a storage error only means they are not remembered). */
export function saveAttentionPrefs(
  storage: Pick<Storage, 'setItem'> | undefined,
  prefs: AttentionPrefs,
): void {
  try {
    storage?.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // Private mode or a full quota: the toggle still works for this page.
  }
}

/** localStorage, or undefined where the page may not use it. */
export function pageStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
