import type {
  DisplayLike,
  IpcHandler,
  IpcMainApi,
  MenuItemSpec,
  NotificationApi,
  NotificationLike,
  NotificationOptions,
  Point,
  Rect,
  ScreenApi,
  TrayIconName,
  TrayLike,
  WindowLike,
} from '../../../main/desktop/electron-api';

type Listener = (...args: never[]) => void;

class Emitter {
  private readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => void)(...args);
  }
}

export class FakeTray extends Emitter implements TrayLike {
  image: TrayIconName | undefined;
  title = '';
  tooltip = '';
  menu: MenuItemSpec[] = [];
  bounds: Rect = { x: 0, y: 0, width: 0, height: 0 };
  destroyed = false;
  setImage(icon: TrayIconName): void {
    this.image = icon;
  }
  setTitle(title: string): void {
    this.title = title;
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setContextMenu(items: MenuItemSpec[]): void {
    this.menu = items;
  }
  getBounds(): Rect {
    return this.bounds;
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** Clicks the menu item with this id. */
  clickItem(id: string): void {
    const item = this.menu.find((i) => i.id === id);
    if (!item?.click) throw new Error(`no clickable menu item ${id}`);
    item.click();
  }
}

export class FakeNotification extends Emitter implements NotificationLike {
  shown = false;
  closed = false;
  constructor(readonly options: NotificationOptions) {
    super();
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.emit('close');
  }
}

export class FakeNotificationApi implements NotificationApi {
  readonly created: FakeNotification[] = [];
  supported = true;
  isSupported(): boolean {
    return this.supported;
  }
  create(options: NotificationOptions): FakeNotification {
    const notification = new FakeNotification(options);
    this.created.push(notification);
    return notification;
  }
}

export class FakeWindow extends Emitter implements WindowLike {
  visible = false;
  destroyed = false;
  minimized = false;
  focused = 0;
  bounds: Rect = { x: 0, y: 0, width: 420, height: 360 };
  readonly sent: { channel: string; payload: unknown }[] = [];
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {
    this.focused++;
    this.emit('focus');
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  getBounds(): Rect {
    return this.bounds;
  }
  setPosition(x: number, y: number): void {
    this.bounds = { ...this.bounds, x, y };
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  blur(): void {
    this.emit('blur');
  }
}

export class FakeScreen implements ScreenApi {
  cursor: Point = { x: 100, y: 100 };
  constructor(readonly displays: DisplayLike[]) {}
  getCursorScreenPoint(): Point {
    return this.cursor;
  }
  getDisplayNearestPoint(point: Point): DisplayLike {
    const inside = this.displays.find(
      (d) =>
        point.x >= d.bounds.x &&
        point.x < d.bounds.x + d.bounds.width &&
        point.y >= d.bounds.y &&
        point.y < d.bounds.y + d.bounds.height,
    );
    return inside ?? this.displays[0]!;
  }
}

export class FakeIpcMain implements IpcMainApi {
  readonly handlers = new Map<string, IpcHandler>();
  handle(channel: string, handler: IpcHandler): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** Calls a channel as a renderer frame at `frameUrl` would. */
  async invoke(channel: string, payload: unknown, frameUrl: string | undefined): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ frameUrl }, payload);
  }
}

export function display(
  x: number,
  y: number,
  width: number,
  height: number,
  panel = 0,
): DisplayLike {
  return {
    bounds: { x, y, width, height },
    workArea: { x, y: y + panel, width, height: height - panel },
  };
}
