/**
 * How far the popover's early card got, on `<html data-early-card>`: the page's inline script
 * (early-main.ts) sets `pending` as it starts and `done` once the card is on screen or there is
 * none to paint; the page's module entry (popover-main.ts), which that script loads, starts the
 * app two frames on when it is `done`. Absent: no inline script ran (the dev server's page).
 */
export type EarlyCardState = 'pending' | 'done';

/** Notes the early card's state. */
export function markEarlyCard(state: EarlyCardState): void {
  document.documentElement.dataset.earlyCard = state;
}

/** The early card's state, undefined when its script has not run. */
export function earlyCardState(): EarlyCardState | undefined {
  const state = document.documentElement.dataset.earlyCard;
  return state === 'pending' || state === 'done' ? state : undefined;
}
