// The only module that turns real Electron objects into the small interfaces of electron-api.ts.
import { BrowserWindow, Menu, Notification, Tray, nativeImage, type App } from 'electron';
import type {
  LoginItemApi,
  MenuItemSpec,
  NotificationApi,
  NotificationLike,
  TrayIconName,
  TrayLike,
  WindowLike,
} from './electron-api';

/** Wraps a BrowserWindow; `send` goes to its renderer. */
export function wrapWindow(window: BrowserWindow): WindowLike {
  return {
    show: () => window.show(),
    hide: () => window.hide(),
    focus: () => window.focus(),
    isVisible: () => window.isVisible(),
    isDestroyed: () => window.isDestroyed(),
    isMinimized: () => window.isMinimized(),
    restore: () => window.restore(),
    getBounds: () => window.getBounds(),
    setPosition: (x, y) => window.setPosition(Math.round(x), Math.round(y), false),
    on: (event, listener) => void window.on(event as 'blur', listener),
    send: (channel, payload) => {
      if (!window.isDestroyed()) window.webContents.send(channel, payload);
    },
  };
}

/** A tray with idle / pending icon files. */
export function createTray(iconPath: (name: TrayIconName) => string): TrayLike {
  const image = (name: TrayIconName) => nativeImage.createFromPath(iconPath(name));
  const tray = new Tray(image('idle'));
  return {
    setImage: (name) => tray.setImage(image(name)),
    setTitle: (title) => tray.setTitle(title),
    setToolTip: (text) => tray.setToolTip(text),
    setContextMenu: (items) => tray.setContextMenu(Menu.buildFromTemplate(items.map(toMenuItem))),
    getBounds: () => tray.getBounds(),
    on: (event, listener) => void tray.on(event, listener),
    destroy: () => tray.destroy(),
  };
}

function toMenuItem(item: MenuItemSpec): Electron.MenuItemConstructorOptions {
  return {
    id: item.id,
    label: item.label,
    type: item.type,
    checked: item.checked,
    enabled: item.enabled,
    click: item.click,
  };
}

/** Native notifications; listeners receive plain values (action index, reply text). */
export const notificationApi: NotificationApi = {
  isSupported: () => Notification.isSupported(),
  create: (options) => {
    const notification = new Notification(options);
    const wrapped: NotificationLike = {
      show: () => notification.show(),
      close: () => notification.close(),
      on: ((event: string, listener: (value?: unknown) => void) => {
        if (event === 'action')
          notification.on('action', (details, index) => listener(details?.actionIndex ?? index));
        else if (event === 'reply')
          notification.on('reply', (details, reply) => listener(details?.reply ?? reply));
        else if (event === 'click') notification.on('click', () => listener());
        else if (event === 'close') notification.on('close', () => listener());
      }) as NotificationLike['on'],
    };
    return wrapped;
  },
};

/** Start-at-login through the OS login items (macOS, Windows; Linux ignores it). */
export function loginItems(app: App): LoginItemApi {
  return {
    getOpenAtLogin: () => app.getLoginItemSettings().openAtLogin,
    setOpenAtLogin: (openAtLogin) => app.setLoginItemSettings({ openAtLogin, openAsHidden: true }),
  };
}

export { BrowserWindow };
