import type { HitlBridge } from '@contract/ipc/bridge';
import { savedView } from '../state/saved-view';
import { showEarlyCard } from './early-card';
import '../styles.css';
import '../responsive.css';

/** The longest the app's start waits for the early card (as the inbox's entry, main.tsx). */
const EARLY_CARD_WAIT_MS = 600;

/**
 * The desktop popover's entry (popover.html, loaded as `popover.html#popover`). Small on purpose:
 * it asks the main process for the first request alone at once and paints it as the early card
 * (early-card.ts: the request on screen answers on the popover's own keys), with that card's code
 * in this entry and its few shared modules, all fetched with the page. Nothing preloads the app
 * (React and start-app, ~330 KB): fetching and compiling it while the page loads held the first
 * card up (docs/benchmarks.md, issue 34). The app starts two frames after the card is on screen,
 * or after EARLY_CARD_WAIT_MS, and takes over as `index.html#popover` would.
 */
const hitl = (globalThis as { hitl?: HitlBridge }).hitl;
const order = savedView().order;
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('../start-app').then(({ startApp }) => startApp(undefined, order));
};
if (hitl) {
  const data = { first: hitl.listPending({ limit: 1, order }), settings: hitl.getSettings() };
  showEarlyCard(hitl, document.getElementById('root')!, data).then(
    () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0))),
    start,
  );
  setTimeout(start, EARLY_CARD_WAIT_MS);
} else {
  start();
}
