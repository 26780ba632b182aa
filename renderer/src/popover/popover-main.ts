import { savedView } from '../state/saved-view';
import { earlyCardDone, earlyCardState } from './early-card-state';
import '../styles.css';
import '../responsive.css';
import './early-card.css';

/** The longest the app's start waits for the early card (as the inbox's entry, main.tsx). */
const EARLY_CARD_WAIT_MS = 600;

/**
 * The desktop popover's module entry (popover.html, loaded as `popover.html#popover`). The page's
 * first card is painted before it runs, by the page's inline script (early-main.ts, with the
 * request the desktop app wrote into the page); this entry's styles are in the page too
 * (scripts/vite/inline-early-card.ts; the build puts both there, the dev server's page has
 * neither). Nothing preloads the app (React and start-app, ~330 KB):
 * fetching and compiling it while the page loads held the first card up (docs/benchmarks.md,
 * issue 34). The app starts two frames after the card is on screen, or after EARLY_CARD_WAIT_MS,
 * and takes over as `index.html#popover` would.
 */
const order = savedView().order;
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('../start-app').then(({ startApp }) => startApp(undefined, order));
};
// No inline script (the dev server's page is the source, without it): the app paints first.
if (earlyCardState() === undefined) start();
else {
  void earlyCardDone().then(() =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0))),
  );
  setTimeout(start, EARLY_CARD_WAIT_MS);
}
