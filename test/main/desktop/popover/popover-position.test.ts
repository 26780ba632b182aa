import { describe, expect, it } from 'vitest';
import { hasTrayBounds, popoverPosition } from '../../../../main/desktop/popover/popover-position';
import { display } from '../fake-electron';

const size = { width: 400, height: 300 };

describe('popoverPosition', () => {
  it('centres under a tray icon in a top menu bar (macOS)', () => {
    const screen = display(0, 0, 1440, 900, 25);
    const tray = { x: 1200, y: 0, width: 22, height: 22 };
    expect(popoverPosition(size, screen, tray, { x: 0, y: 0 })).toEqual({ x: 1011, y: 26 });
  });

  it('opens above a tray icon in a bottom taskbar (Windows) and stays inside the work area', () => {
    const screen = {
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      workArea: { x: 0, y: 0, width: 1920, height: 1040 },
    };
    const tray = { x: 1880, y: 1045, width: 24, height: 30 };
    const p = popoverPosition(size, screen, tray, { x: 0, y: 0 });
    expect(p).toEqual({ x: 1520, y: 740 });
  });

  it('opens beside a tray in a left vertical taskbar', () => {
    const screen = {
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      workArea: { x: 60, y: 0, width: 1860, height: 1080 },
    };
    const tray = { x: 10, y: 1000, width: 40, height: 40 };
    expect(popoverPosition(size, screen, tray, { x: 0, y: 0 })).toEqual({ x: 60, y: 780 });
  });

  it('falls back to the cursor when tray bounds are unknown (Linux), clamped to the work area', () => {
    const screen = display(0, 0, 1920, 1080, 32);
    const p = popoverPosition(size, screen, { x: 0, y: 0, width: 0, height: 0 }, { x: 1910, y: 5 });
    expect(p).toEqual({ x: 1520, y: 32 });
  });

  it('uses a second display with negative coordinates', () => {
    const screen = display(-1280, 0, 1280, 1024, 0);
    const p = popoverPosition(size, screen, undefined, { x: -640.5, y: 1000 });
    expect(p).toEqual({ x: -840, y: 696 });
  });

  it('always returns integers, even for fractional scale bounds', () => {
    const screen = {
      bounds: { x: 0, y: 0, width: 1366.4, height: 768.6 },
      workArea: { x: 0.2, y: 24.7, width: 1366.4, height: 743.9 },
    };
    const p = popoverPosition(
      { width: 401, height: 299 },
      screen,
      { x: 700.3, y: 0.4, width: 21.7, height: 21.9 },
      { x: 0, y: 0 },
    );
    expect(Number.isInteger(p.x) && Number.isInteger(p.y)).toBe(true);
    expect(p.y).toBeGreaterThanOrEqual(24);
  });

  it('pins to the work area origin when the popover is larger than the screen', () => {
    const screen = display(0, 0, 300, 200, 0);
    expect(popoverPosition(size, screen, undefined, { x: 150, y: 100 })).toEqual({ x: 0, y: 0 });
  });

  it('tells known tray bounds from the all-zero Linux answer', () => {
    expect(hasTrayBounds({ x: 0, y: 0, width: 0, height: 0 })).toBe(false);
    expect(hasTrayBounds(undefined)).toBe(false);
    expect(hasTrayBounds({ x: 5, y: 0, width: 22, height: 22 })).toBe(true);
  });
});
