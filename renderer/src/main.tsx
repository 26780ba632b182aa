import { EarlyEventSource, eventsUrl, FIRST_PAGE_SIZE } from './client/early-event-source';
import { paintEarly } from './client/early-paint';
import { savedView } from './state/saved-view';
import './styles.css';
import './responsive.css';

/** The longest the app's start waits for the first snapshot to paint it early. */
const EARLY_PAINT_WAIT_MS = 600;

/**
 * The entry script: small on purpose. In the web inbox it opens the `/events` stream at once, so
 * the broker sends the first snapshot (the first FIRST_PAGE_SIZE pending in the operator's order;
 * the rest is fetched after they are painted) while the app code (start-app and React, preloaded)
 * downloads. When the snapshot lands it paints its first requests as a plain list, and only then
 * starts the app: evaluating React and the app is one long task (100–300 ms on a cold load) that
 * would otherwise hold the snapshot's event, and so any question on screen, until it is done.
 */
const web = !('hitl' in globalThis) && new URLSearchParams(location.search).get('preview') === null;
/** The list's order (remembered): the first page and the early list follow it. */
const order = savedView().order;
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
      paintEarly(snapshot, document.getElementById('root')!, order);
      // Start the app once that list is on screen (two frames later), not before.
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
    })
  : undefined;
if (source) {
  source.addEventListener('error', start);
  setTimeout(start, EARLY_PAINT_WAIT_MS);
} else {
  start();
}
