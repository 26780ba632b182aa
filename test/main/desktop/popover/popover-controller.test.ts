import { describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import {
  POPOVER_SHOW_CHANNEL,
  PopoverController,
} from '../../../../main/desktop/popover/popover-controller';
import { FakeScreen, FakeTray, FakeWindow, display } from '../fake-electron';

function setup() {
  const broker = new Broker();
  const tray = new FakeTray();
  const screen = new FakeScreen([display(0, 0, 1920, 1080, 30), display(1920, 0, 1280, 1024, 0)]);
  const windows: FakeWindow[] = [];
  const popover = new PopoverController({
    createWindow: () => {
      const w = new FakeWindow();
      windows.push(w);
      return w;
    },
    screen,
    trayBounds: () => tray.getBounds(),
    oldestPendingId: () => broker.pending()[0]?.id,
    size: { width: 400, height: 300 },
  });
  return { broker, tray, screen, windows, popover };
}

describe('PopoverController', () => {
  it('opens on the oldest pending request when none is named', () => {
    const { broker, windows, popover } = setup();
    const first = broker.add({ source: 'clarity-file', key: 'first', prompt: '1' });
    broker.add({ source: 'clarity-file', key: 'second', prompt: '2' });
    popover.show();
    expect(popover.requestId).toBe(first.id);
    expect(windows[0]!.sent).toEqual([
      { channel: POPOVER_SHOW_CHANNEL, payload: { id: first.id } },
    ]);
    expect(windows[0]!.visible).toBe(true);
    expect(windows[0]!.focused).toBe(1);
  });

  it('opens on the clicked request, reusing the same window', () => {
    const { broker, windows, popover } = setup();
    broker.add({ source: 'clarity-file', key: 'first', prompt: '1' });
    const second = broker.add({ source: 'clarity-file', key: 'second', prompt: '2' });
    popover.show();
    popover.show(second.id);
    expect(windows).toHaveLength(1);
    expect(windows[0]!.sent.at(-1)).toEqual({
      channel: POPOVER_SHOW_CHANNEL,
      payload: { id: second.id },
    });
  });

  it('preload loads the window hidden; shows reuse it and hiding keeps it loaded', () => {
    const { broker, windows, popover } = setup();
    const first = broker.add({ source: 'clarity-file', key: 'first', prompt: '1' });
    popover.preload();
    expect(windows).toHaveLength(1);
    expect(windows[0]!.visible).toBe(false);
    expect(windows[0]!.sent).toEqual([]);
    popover.show();
    popover.hide();
    popover.show(first.id);
    expect(windows).toHaveLength(1);
    expect(windows[0]!.isDestroyed()).toBe(false);
    expect(windows[0]!.visible).toBe(true);
    expect(windows[0]!.sent.map((s) => s.payload)).toEqual([{ id: first.id }, { id: first.id }]);
  });

  it('hides on blur and toggles from the tray', () => {
    const { windows, popover } = setup();
    popover.toggle();
    expect(popover.isVisible()).toBe(true);
    windows[0]!.blur();
    expect(popover.isVisible()).toBe(false);
    popover.toggle();
    expect(popover.isVisible()).toBe(true);
    popover.toggle();
    expect(popover.isVisible()).toBe(false);
  });

  it('sits under the tray icon when its bounds are known', () => {
    const { tray, windows, popover } = setup();
    tray.bounds = { x: 1700, y: 0, width: 24, height: 24 };
    popover.show();
    expect(windows[0]!.bounds).toMatchObject({ x: 1512, y: 30 });
  });

  it("falls back to the cursor's display when tray bounds are unknown (Linux)", () => {
    const { screen, windows, popover } = setup();
    screen.cursor = { x: 3100, y: 10 };
    popover.show();
    const { x, y } = windows[0]!.bounds;
    expect(x).toBe(1920 + 1280 - 400);
    expect(y).toBe(14);
  });

  it('creates a new window after the old one was destroyed, and shows an empty popover when nothing is pending', () => {
    const { windows, popover } = setup();
    popover.show();
    windows[0]!.destroyed = true;
    windows[0]!.emit('closed');
    popover.show();
    expect(windows).toHaveLength(2);
    expect(windows[1]!.sent[0]).toEqual({ channel: POPOVER_SHOW_CHANNEL, payload: { id: null } });
  });
});
