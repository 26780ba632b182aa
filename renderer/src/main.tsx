import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HttpInboxClient } from './client/http-inbox-client';
import type { InboxClient } from './client/inbox-client';
import { IpcInboxClient, desktopBridge } from './client/ipc-inbox-client';
import { App } from './components/App';
import { I18nProvider } from './i18n/I18nProvider';
import './styles.css';

/**
 * The transport: the desktop preload's client when present, the dev preview (`?preview`: fake data,
 * marked by a banner, nothing leaves the page), else HTTP + SSE to the serving broker.
 */
async function createClient(): Promise<InboxClient> {
  const bridge = desktopBridge();
  if (bridge) return new IpcInboxClient(bridge);
  const injected = (window as unknown as { hitlInboxClient?: InboxClient }).hitlInboxClient;
  if (injected) return injected;
  const preview = new URLSearchParams(location.search).get('preview');
  if (preview !== null) {
    document.documentElement.dataset.preview = 'true';
    const { createPreviewClient } = await import('./preview/preview-client');
    return createPreviewClient(preview);
  }
  return new HttpInboxClient();
}

void createClient().then(async (client) => {
  const root = createRoot(document.getElementById('root')!);
  const bridge = desktopBridge();
  if (bridge) return (await import('./popover/desktop-entry')).renderDesktop(root, client, bridge);
  root.render(
    <StrictMode>
      <I18nProvider>
        <App client={client} />
      </I18nProvider>
    </StrictMode>,
  );
});
