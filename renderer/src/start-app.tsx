import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  eventsUrl,
  firstTheEarlyStream,
  FIRST_PAGE_SIZE,
  type EarlyEventSource,
} from './client/early-event-source';
import { defaultEventSource, HttpInboxClient } from './client/http-inbox-client';
import { desktopBridge } from './client/desktop-bridge';
import type { InboxClient } from './client/inbox-client';
import { App } from './components/App';
import { I18nProvider } from './i18n/I18nProvider';
import type { SortOrder } from '@contract/request-order';
import { savedView } from './state/saved-view';

/**
 * One renderer, three ways in: inside the desktop app (the preload's `window.hitl`) the desktop
 * views over IPC; the dev preview (`?preview`: fake data, marked by a banner, nothing leaves the
 * page); otherwise the web inbox over HTTP + SSE to the broker that served this page, starting
 * with the `/events` stream the entry script already opened (`early`), if any.
 */
export async function startApp(
  early?: EarlyEventSource,
  order: SortOrder = savedView().order,
): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const bridge = desktopBridge();
  if (bridge) {
    const [{ renderDesktop }, { IpcInboxClient }] = await Promise.all([
      import('./popover/desktop-entry'),
      import('./client/ipc-inbox-client'),
    ]);
    // The main window paints the top of its list first; the popover opens on the oldest request.
    const paged = location.hash === '#popover' ? {} : { pageSize: FIRST_PAGE_SIZE, order };
    return renderDesktop(root, new IpcInboxClient(bridge, paged), bridge);
  }
  let client: InboxClient;
  const preview = new URLSearchParams(location.search).get('preview');
  // The shipped bundle leaves the preview (and its fake client) out: __HITL_PREVIEW__ is false
  // there, so the bundler drops this branch and its chunk.
  if (preview !== null && (import.meta.env.DEV || __HITL_PREVIEW__)) {
    document.documentElement.dataset.preview = 'true';
    const { createPreviewClient } = await import('./preview/preview-client');
    client = createPreviewClient(preview);
  } else {
    // The installable inbox's service worker (renderer/public/sw.js): its shell and offline page.
    navigator.serviceWorker?.register('./sw.js').catch(() => {});
    const url = eventsUrl('', FIRST_PAGE_SIZE, order);
    client = new HttpInboxClient({
      snapshotLimit: FIRST_PAGE_SIZE,
      snapshotOrder: order,
      ...(early ? { eventSource: firstTheEarlyStream(early, url, defaultEventSource) } : {}),
    });
  }
  root.render(
    <StrictMode>
      <I18nProvider>
        <App client={client} />
      </I18nProvider>
    </StrictMode>,
  );
}
