import type { WindowLike } from './electron-api';

/** The app's one main window: created on first use, again after it was closed. */
export class MainWindowSlot {
  private window: WindowLike | undefined;

  constructor(private readonly create: () => WindowLike) {}

  /** The open main window, if there is one. */
  current(): WindowLike | undefined {
    return this.window;
  }

  /** Shows (creating if needed), restores and focuses the main window; optionally on one request. */
  open(requestId?: string): WindowLike {
    if (!this.window || this.window.isDestroyed()) {
      const window = this.create();
      window.on('closed', () => {
        if (this.window === window) this.window = undefined;
      });
      this.window = window;
    }
    const window = this.window;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    if (requestId) window.send('window:show-request', { id: requestId });
    return window;
  }
}
