/**
 * How far the popover's early card got, on `<html data-early-card>`: the page's inline script
 * (early-main.ts) sets `pending` as it starts and `done` once the card is on screen or there is
 * none to paint; the page's module entry (popover-main.ts) starts the app after `done`. Absent:
 * the inline script did not run (the dev server's page has none).
 */
export type EarlyCardState = 'pending' | 'done';

const EVENT = 'hitl:early-card-done';

/** Notes the early card's state (and tells who waits when it is `done`). */
export function markEarlyCard(state: EarlyCardState): void {
  document.documentElement.dataset.earlyCard = state;
  if (state === 'done') document.dispatchEvent(new Event(EVENT));
}

/** The early card's state, undefined when its script has not run. */
export function earlyCardState(): EarlyCardState | undefined {
  const state = document.documentElement.dataset.earlyCard;
  return state === 'pending' || state === 'done' ? state : undefined;
}

/** Resolves once the early card is `done` (at once if it is). */
export function earlyCardDone(): Promise<void> {
  if (earlyCardState() === 'done') return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener(EVENT, () => resolve(), { once: true }),
  );
}
