import type {
  MenuItemSpec,
  NotificationApi,
  NotificationLike,
  NotificationOptions,
  TrayLike,
} from './electron-api';

/** A notification as the Electron e2e tests see it. */
interface RecordedNotification {
  options: NotificationOptions;
  shown: boolean;
  closed: boolean;
  listeners: Map<string, ((value?: unknown) => void)[]>;
}

/**
 * What the Electron e2e tests read and drive in the main process (`globalThis.__hitlTest`), only
 * when the app is started with `HITL_TEST_HOOKS=1`: native trays and notifications cannot be
 * inspected or clicked from outside, so the real ones are wrapped and every call is recorded.
 */
export interface TestHooks {
  tray(): { title: string; tooltip: string; image: string; menu: MenuItemSpec[] };
  clickTray(): void;
  clickMenuItem(id: string): void;
  notifications(): { title: string; body: string; shown: boolean; closed: boolean }[];
  /** Fires the listeners a click on notification `index` fires. */
  clickNotification(index: number): void;
}

/** Wraps the tray and the notification API when `enabled`; otherwise returns them untouched. */
export function installTestHooks(
  enabled: boolean,
  parts: { createTray: () => TrayLike; notifications: NotificationApi },
): { createTray: () => TrayLike; notifications: NotificationApi } {
  if (!enabled) return parts;
  const tray = { title: '', tooltip: '', image: '', menu: [] as MenuItemSpec[] };
  const clicks: (() => void)[] = [];
  const notices: RecordedNotification[] = [];
  const hooks: TestHooks = {
    tray: () => ({ ...tray, menu: tray.menu.map(({ click: _c, ...item }) => item) }),
    clickTray: () => clicks.forEach((c) => c()),
    clickMenuItem: (id) => {
      const item = tray.menu.find((i) => i.id === id);
      if (!item?.click) throw new Error(`no clickable tray menu item ${id}`);
      item.click();
    },
    notifications: () => notices.map((n) => ({ ...n.options, shown: n.shown, closed: n.closed })),
    clickNotification: (index) => {
      const notice = notices[index];
      if (!notice) throw new Error(`no notification ${index}`);
      for (const listener of notice.listeners.get('click') ?? []) listener();
    },
  };
  (globalThis as { __hitlTest?: TestHooks }).__hitlTest = hooks;
  return {
    createTray: () => {
      const real = parts.createTray();
      return {
        ...real,
        setImage: (icon) => (real.setImage(icon), void (tray.image = icon)),
        setTitle: (title) => (real.setTitle(title), void (tray.title = title)),
        setToolTip: (text) => (real.setToolTip(text), void (tray.tooltip = text)),
        setContextMenu: (items) => (real.setContextMenu(items), void (tray.menu = items)),
        on: (event, listener) => (real.on(event, listener), void clicks.push(listener)),
      };
    },
    notifications: {
      isSupported: () => parts.notifications.isSupported(),
      create: (options) => {
        const real = parts.notifications.create(options);
        const record: RecordedNotification = {
          options,
          shown: false,
          closed: false,
          listeners: new Map(),
        };
        notices.push(record);
        real.on('close', () => void (record.closed = true));
        const wrapped: NotificationLike = {
          show: () => (real.show(), void (record.shown = true)),
          close: () => (real.close(), void (record.closed = true)),
          on: ((event: string, listener: (value?: unknown) => void) => {
            record.listeners.set(event, [...(record.listeners.get(event) ?? []), listener]);
            (real.on as (e: string, l: (value?: unknown) => void) => void)(event, listener);
          }) as NotificationLike['on'],
        };
        return wrapped;
      },
    },
  };
}
