import { EarlyEventSource } from './client/early-event-source';
import './styles.css';

/**
 * The entry script: small on purpose. In the web inbox it opens the `/events` stream at once, so
 * the broker builds and sends the snapshot (10,000 pending: megabytes) while the app code
 * (start-app and React, loaded next) downloads and compiles; then it starts the app.
 */
const web = !('hitl' in globalThis) && new URLSearchParams(location.search).get('preview') === null;
const early =
  web && typeof EventSource === 'function'
    ? new EarlyEventSource(new EventSource('/events'))
    : undefined;
void import('./start-app').then(({ startApp }) => startApp(early));
