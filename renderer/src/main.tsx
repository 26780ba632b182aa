import { EarlyEventSource, eventsUrl, FIRST_PAGE_SIZE } from './client/early-event-source';
import './styles.css';
import './responsive.css';

/**
 * The entry script: small on purpose. In the web inbox it opens the `/events` stream at once, so
 * the broker sends the first snapshot (the newest FIRST_PAGE_SIZE pending; the rest is fetched
 * after they are painted) while the app code (start-app and React, loaded next) downloads and
 * compiles; then it starts the app.
 */
const web = !('hitl' in globalThis) && new URLSearchParams(location.search).get('preview') === null;
const early =
  web && typeof EventSource === 'function'
    ? new EarlyEventSource(new EventSource(eventsUrl('', FIRST_PAGE_SIZE)))
    : undefined;
void import('./start-app').then(({ startApp }) => startApp(early));
