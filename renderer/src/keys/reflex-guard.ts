/** How soon after the card appeared or after the previous key a key press counts as a reflex. */
export const REFLEX_MS = 700;

let lastKeyAt = Number.NEGATIVE_INFINITY;
let previousKeyAt = Number.NEGATIVE_INFINITY;
let installed = false;

/** Remembers when the last key (Enter, Space, Y ...) went down, before any handler sees it. */
export function watchKeys(target: Pick<Window, 'addEventListener'> = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener(
    'keydown',
    (event) => {
      const key = (event as KeyboardEvent).key;
      if (key === 'Tab' || key === 'Shift') return;
      previousKeyAt = lastKeyAt;
      lastKeyAt = performance.now();
    },
    { capture: true },
  );
}

/**
 * Whether a keyboard activation at `now` is a reflex: it came within REFLEX_MS of the element
 * showing (`shownAt`) or of the key pressed before it (Enter-Enter, Y then Enter).
 */
export function isReflex(shownAt: number, now = performance.now()): boolean {
  return now - shownAt < REFLEX_MS || now - previousKeyAt < REFLEX_MS;
}
