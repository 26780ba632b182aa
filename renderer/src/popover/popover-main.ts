import { savedView } from '../state/saved-view';
import { earlyCardState } from './early-card-state';
import '../styles.css';
import '../responsive.css';
import './early-card.css';

/**
 * The desktop popover's module entry (popover.html, loaded as `popover.html#popover`). The page's
 * first card is painted before it runs, by the page's inline script (early-main.ts, with the
 * request the desktop app wrote into the page); this entry's styles are in the page too
 * (scripts/vite/inline-early-card.ts; the build puts both there, the dev server's page has
 * neither). Nothing preloads the app (React and start-app, ~330 KB):
 * fetching and compiling it while the page loads held the first card up (docs/benchmarks.md,
 * issue 34). The inline script loads this entry once the card is on screen (or after its wait for
 * the first request ran out); the app starts two frames on and takes over as `index.html#popover`
 * would.
 */
const order = savedView().order;
const start = () => void import('../start-app').then(({ startApp }) => startApp(undefined, order));
// The card is up (or there is none to paint): the app two frames on. Otherwise the inline script
// ran out of time waiting for the first request over IPC, or there is none (the dev server's page
// is the source, without it): the app now.
if (earlyCardState() === 'done')
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
else start();
