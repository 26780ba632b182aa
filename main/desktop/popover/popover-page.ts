import type { IpcEnvelope, IpcInvokeChannel, IpcPayload, IpcResult } from '@contract/ipc/channels';
import { POPOVER_DATA_ID, type PopoverPageData } from '@contract/popover-page';
import { SORT_ORDERS } from '@contract/request-order';
import type { IpcRouter } from '../ipc/ipc-router';
import { appUrl } from '../security/app-protocol';

/** Runs an IPC channel's handler in the main process (IpcRouter.call). */
export type LocalIpcCall = <C extends IpcInvokeChannel>(
  channel: C,
  payload: IpcPayload<C>,
) => Promise<IpcEnvelope<IpcResult<C>> | undefined>;

/**
 * popoverPageData through `router`'s handlers, called as from the popover's own page (its sender
 * check passes `app://bundle/popover.html`); undefined without a router (not started yet).
 */
export async function popoverPageDataVia(
  router: Pick<IpcRouter, 'call'> | undefined,
): Promise<PopoverPageData | undefined> {
  if (!router) return undefined;
  return popoverPageData((channel, payload) => router.call(channel, payload, appUrl('popover')));
}

/** Where the data goes in the page: right before the root its script paints next to. */
const ROOT_DIV = '<div id="root"></div>';

/**
 * What the popover's page is served with: the replies its first card would otherwise wait for
 * over IPC (the first pending request in each order, the settings), from the same handlers.
 * Undefined when the IPC handlers are not registered yet (the page then asks over IPC).
 */
export async function popoverPageData(call: LocalIpcCall): Promise<PopoverPageData | undefined> {
  const [settings, ...firsts] = await Promise.all([
    call('settings:get', undefined),
    ...SORT_ORDERS.map((order) => call('inbox:list-pending', { limit: 1, order })),
  ]);
  if (!settings) return undefined;
  const first: PopoverPageData['first'] = {};
  SORT_ORDERS.forEach((order, i) => {
    const reply = firsts[i];
    if (reply) first[order] = reply;
  });
  return { first, settings };
}

/**
 * The popover's page with `data` written in, as a JSON data block (never run: the page's CSP
 * still allows only its own hashed script) right before its root. Every `<` is escaped, so no
 * text of a request can end the block. The page unchanged without data or without the root.
 */
export function popoverPageHtml(template: string, data: PopoverPageData | undefined): string {
  const at = template.indexOf(ROOT_DIV);
  if (!data || at < 0) return template;
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const block = `<script type="application/json" id="${POPOVER_DATA_ID}">${json}</script>`;
  return template.slice(0, at) + block + template.slice(at);
}
