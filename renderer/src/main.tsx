import { EarlyEventSource, eventsUrl, FIRST_PAGE_SIZE } from './client/early-event-source';
import { paintEarly, removeWhenAppRenders, servedEarlyList } from './client/early-paint';
import type { HitlBridge } from '@contract/ipc/bridge';
import { rememberOrderForBroker, savedView } from './state/saved-view';
import './styles.css';
import './responsive.css';

/** The longest the app's start waits for the first snapshot to paint it early. */
const EARLY_PAINT_WAIT_MS = 600;

/**
 * The entry script: small on purpose. In the web inbox the page the broker served already holds
 * the first pending requests as a plain list (in the order remembered in the `hitl_order`
 * cookie), so they show before any script runs. This script opens the `/events` stream at once,
 * so the broker sends the first snapshot (the first FIRST_PAGE_SIZE pending in the operator's
 * order; the rest is fetched after they are painted) while the app code (start-app and React,
 * preloaded) downloads. When the snapshot lands it paints its first requests as that plain list
 * (fresher than the page's). The app starts once a list is on screen (two frames after the
 * served one, or after the snapshot's), not before: evaluating React and the app is one long task
 * (100–300 ms on a cold load) that would otherwise hold the first paint or the snapshot's event,
 * and so any question on screen, until it is done.
 */
const hitl = (globalThis as { hitl?: HitlBridge }).hitl;
const web = !hitl && new URLSearchParams(location.search).get('preview') === null;
/** The list's order (remembered): the first page and the early list follow it. */
const order = savedView().order;
const root = document.getElementById('root')!;
// The broker painted the first rows into the page (in the order of the cookie below): they stay
// until the app has rendered, or until the first snapshot paints fresher ones.
const served = servedEarlyList(root);
if (served) removeWhenAppRenders(served, root);
if (web) rememberOrderForBroker(order);
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./start-app').then(({ startApp }) => startApp(early, order));
};
const source =
  web && typeof EventSource === 'function'
    ? new EventSource(eventsUrl('', FIRST_PAGE_SIZE, order))
    : undefined;
const early = source
  ? new EarlyEventSource(source, (snapshot) => {
      paintEarly(snapshot, root, order);
      // Start the app once that list is on screen (two frames later), not before.
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
    })
  : undefined;
// Two frames after the served list is on screen the app may start: the list does not wait for it.
if (served) requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
// The desktop popover has its own page and entry (popover.html, popover/popover-main.ts), which
// paints its first card before the app; here `#popover` is the app's popover view alone.
if (source) {
  source.addEventListener('error', start);
  setTimeout(start, EARLY_PAINT_WAIT_MS);
} else {
  start();
}
