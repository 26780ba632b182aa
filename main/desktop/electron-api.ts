/**
 * The small slice of Electron the desktop logic uses, as plain interfaces.
 * The logic classes take these injected, so tests drive them with fakes and only
 * `electron-adapter.ts` touches the real module.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Rect extends Point {
  width: number;
  height: number;
}

export interface DisplayLike {
  bounds: Rect;
  workArea: Rect;
}

export interface ScreenApi {
  getCursorScreenPoint(): Point;
  getDisplayNearestPoint(point: Point): DisplayLike;
}

/** One context-menu entry; the adapter turns a list of them into a native Menu. */
export interface MenuItemSpec {
  id?: string;
  label?: string;
  type?: 'normal' | 'separator' | 'checkbox';
  checked?: boolean;
  enabled?: boolean;
  click?: () => void;
}

export interface TrayLike {
  setImage(icon: TrayIconName): void;
  setTitle(title: string): void;
  setToolTip(text: string): void;
  setContextMenu(items: MenuItemSpec[]): void;
  /** Empty (all zero) where the platform does not know it, as on most Linux desktops. */
  getBounds(): Rect;
  on(event: 'click', listener: () => void): void;
  destroy(): void;
}

export type TrayIconName = 'idle' | 'pending';

export interface NotificationOptions {
  title: string;
  body: string;
  silent?: boolean;
  actions?: { type: 'button'; text: string }[];
  hasReply?: boolean;
  replyPlaceholder?: string;
}

export interface NotificationLike {
  show(): void;
  close(): void;
  on(event: 'click' | 'close', listener: () => void): void;
  on(event: 'action', listener: (index: number) => void): void;
  on(event: 'reply', listener: (reply: string) => void): void;
}

export interface NotificationApi {
  isSupported(): boolean;
  create(options: NotificationOptions): NotificationLike;
}

/** A window the desktop logic shows, hides and places. */
export interface WindowLike {
  show(): void;
  hide(): void;
  focus(): void;
  isVisible(): boolean;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  getBounds(): Rect;
  setPosition(x: number, y: number): void;
  on(event: 'blur' | 'closed', listener: () => void): void;
  /** Sends an event to the renderer on a named channel. */
  send(channel: string, payload: unknown): void;
}

export interface LoginItemApi {
  getOpenAtLogin(): boolean;
  setOpenAtLogin(open: boolean): void;
}

/** The sender of an IPC call: enough to check it is our own renderer. */
export interface IpcSender {
  /** URL of the frame that sent the message (senderFrame.url); undefined if the frame is gone. */
  frameUrl: string | undefined;
}

export type IpcHandler = (sender: IpcSender, payload: unknown) => unknown;

export interface IpcMainApi {
  handle(channel: string, handler: IpcHandler): void;
  removeHandler(channel: string): void;
}

export interface AppApi {
  requestSingleInstanceLock(): boolean;
  onSecondInstance(listener: () => void): void;
  quit(): void;
  /** The system's UI locale (`app.getLocale()`, e.g. `zh-CN`, `en-US`). */
  getLocale(): string;
}
