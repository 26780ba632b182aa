import type { Point, Rect, ScreenApi, WindowLike } from '../electron-api';
import { popoverPosition, type PopoverSize } from './popover-position';

/** Popover window size in device-independent pixels. */
export const POPOVER_SIZE: PopoverSize = { width: 420, height: 360 };

/** The renderer channel that tells the popover view which request to show. */
export const POPOVER_SHOW_CHANNEL = 'popover:show-request';

export interface PopoverControllerOptions {
  /** Creates the frameless popover window (lazily, once, again if it was destroyed). */
  createWindow: () => WindowLike;
  screen: ScreenApi;
  /** The tray icon's bounds, or undefined/zero where the OS does not know them. */
  trayBounds: () => Rect | undefined;
  /** Oldest pending request id, if any. */
  oldestPendingId: () => string | undefined;
  size?: PopoverSize;
}

/**
 * The tray popover (after `menubar`): a small window placed at integer coordinates next to the
 * tray icon (or the cursor's display when tray bounds are unknown), hidden on blur, showing the
 * clicked request or else the oldest pending one.
 */
export class PopoverController {
  private window: WindowLike | undefined;
  private shownId: string | undefined;

  constructor(private readonly options: PopoverControllerOptions) {}

  /** The request the popover was last opened on. */
  get requestId(): string | undefined {
    return this.shownId;
  }

  /** The popover window if it exists (for broadcasting events to it). */
  currentWindow(): WindowLike | undefined {
    return this.window && !this.window.isDestroyed() ? this.window : undefined;
  }

  isVisible(): boolean {
    return !!this.window && !this.window.isDestroyed() && this.window.isVisible();
  }

  /** Opens the popover on `id`, or the oldest pending request when no id is given. */
  show(id?: string): void {
    const window = this.ensureWindow();
    this.shownId = id ?? this.options.oldestPendingId();
    const position = this.position();
    window.setPosition(position.x, position.y);
    window.send(POPOVER_SHOW_CHANNEL, { id: this.shownId ?? null });
    window.show();
    window.focus();
  }

  /**
   * Creates the popover window hidden, so its page is loaded before the first tray click (a show
   * then only moves, refocuses and shows the loaded window). Hidden, never destroyed, on blur.
   */
  preload(): void {
    this.ensureWindow();
  }

  hide(): void {
    if (this.window && !this.window.isDestroyed() && this.window.isVisible()) this.window.hide();
  }

  /** Tray click: show if hidden, hide if shown. */
  toggle(): void {
    if (this.isVisible()) this.hide();
    else this.show();
  }

  /** Where the popover goes right now. */
  position(): Point {
    const { screen } = this.options;
    const cursor = screen.getCursorScreenPoint();
    const tray = this.options.trayBounds();
    const anchor = tray && tray.width > 0 ? { x: tray.x, y: tray.y } : cursor;
    const display = screen.getDisplayNearestPoint(anchor);
    return popoverPosition(this.options.size ?? POPOVER_SIZE, display, tray, cursor);
  }

  private ensureWindow(): WindowLike {
    if (this.window && !this.window.isDestroyed()) return this.window;
    const window = this.options.createWindow();
    window.on('blur', () => this.hide());
    window.on('closed', () => {
      if (this.window === window) this.window = undefined;
    });
    this.window = window;
    return window;
  }
}
