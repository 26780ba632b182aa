import { readFile } from 'node:fs/promises';
import type { PopoverPageData } from '@contract/popover-page';
import { popoverPageHtml } from '../popover/popover-page';
import { appRequestFile } from './app-protocol';

export interface AppProtocolOptions {
  /** The built renderer directory (out/renderer). */
  rendererDir: string;
  /** Serves one of its files as it is (Electron: `net.fetch` of the file's file:// URL). */
  fetchFile: (file: string) => Promise<Response>;
  /** What the popover's page is served with (popover/popover-page.ts); undefined: nothing. */
  popoverData: () => Promise<PopoverPageData | undefined>;
  /** Reads the popover's page (tests pass a fake). */
  readPage?: (file: string) => Promise<string>;
}

/**
 * The `app://` scheme's handler: the built renderer's files (security/app-protocol.ts says which),
 * and the popover's page with its first request and settings written in, so its first card
 * paints with the page, with no IPC round trip before it. Read on each load: the popover's page
 * loads once per window (it is kept loaded while hidden).
 */
export function appProtocolHandler(options: AppProtocolOptions) {
  const readPage = options.readPage ?? ((file: string) => readFile(file, 'utf8'));
  return async (request: Request): Promise<Response> => {
    const file = appRequestFile(request.url, options.rendererDir);
    if (!file) return new Response('not found', { status: 404 });
    if (new URL(request.url).pathname !== '/popover.html') return options.fetchFile(file);
    const [page, data] = await Promise.all([
      readPage(file),
      options.popoverData().catch(() => undefined),
    ]);
    return new Response(popoverPageHtml(page, data), {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  };
}
