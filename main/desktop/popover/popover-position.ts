import type { DisplayLike, Point, Rect } from '../electron-api';

export interface PopoverSize {
  width: number;
  height: number;
}

/** Gap between the tray icon (or cursor) and the popover, in pixels. */
const GAP = 4;

/** True when the platform told us where the tray icon is (Linux usually gives all zeros). */
export function hasTrayBounds(bounds: Rect | undefined): bounds is Rect {
  return !!bounds && bounds.width > 0 && bounds.height > 0;
}

/**
 * Where the popover's top-left corner goes: next to the tray icon when its bounds are known,
 * otherwise next to the cursor on the cursor's display. Always integers, always inside the
 * display's work area (so it never lands under a panel or off screen).
 */
export function popoverPosition(
  size: PopoverSize,
  display: DisplayLike,
  trayBounds: Rect | undefined,
  cursor: Point,
): Point {
  const area = display.workArea;
  const anchor: Rect = hasTrayBounds(trayBounds)
    ? trayBounds
    : { x: cursor.x, y: cursor.y, width: 0, height: 0 };
  const centreX = anchor.x + anchor.width / 2;
  const centreY = anchor.y + anchor.height / 2;
  const areaCentreY = area.y + area.height / 2;

  let x = centreX - size.width / 2;
  let y = centreY < areaCentreY ? anchor.y + anchor.height + GAP : anchor.y - size.height - GAP;

  // A vertical taskbar (Windows, left or right): open beside the icon instead of over it.
  if (hasTrayBounds(trayBounds)) {
    const right = anchor.x >= area.x + area.width;
    const left = anchor.x + anchor.width <= area.x;
    if (right || left) {
      x = right ? area.x + area.width - size.width : area.x;
      y = centreY - size.height / 2;
    }
  }

  return {
    x: clamp(Math.round(x), area.x, area.x + area.width - size.width),
    y: clamp(Math.round(y), area.y, area.y + area.height - size.height),
  };
}

function clamp(value: number, min: number, max: number): number {
  if (max < min) return Math.round(min);
  return Math.round(Math.min(Math.max(value, min), max));
}
