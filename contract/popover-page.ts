import type { IpcEnvelope, IpcResult } from './ipc/channels';
import type { SortOrder } from './request-order';

/**
 * The id of the `<script type="application/json">` element the desktop app writes into the
 * popover's page as it serves it (main/desktop/popover/popover-page.ts): what the page's first
 * card needs, so it paints with the page instead of after an IPC round trip.
 */
export const POPOVER_DATA_ID = 'hitl-popover-data';

/**
 * The `rel` of the `<link>` that names the popover page's module entry (its `href`): the build
 * puts it where the entry's `<script type="module">` was (scripts/vite/inline-early-card.ts), so
 * nothing of the app is fetched before the first card; the page's inline script loads the entry
 * after it. An unknown `rel`: the browser fetches nothing for it.
 */
export const APP_ENTRY_REL = 'hitl-app-entry';

/**
 * What the popover's page is served with: the replies its entry would have asked for over IPC,
 * in the very envelopes IPC returns. `first` holds `listPending({ limit: 1, order })` for each
 * order, since which one the operator chose lives in the renderer's storage.
 */
export interface PopoverPageData {
  first: Partial<Record<SortOrder, IpcEnvelope<IpcResult<'inbox:list-pending'>>>>;
  settings?: IpcEnvelope<IpcResult<'settings:get'>>;
}
