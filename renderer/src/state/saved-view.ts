import { ORDER_COOKIE } from '@contract/early-list';
import { SORT_ORDERS, type SortOrder } from '@contract/request-order';

/** Where the chosen order and grouping are remembered (search and filters are per visit). */
export const TRIAGE_STORAGE_KEY = 'hitl-broker.inbox-view';

/** The remembered order and grouping (defaults: soonest deadline first, not grouped). */
export interface SavedView {
  order: SortOrder;
  groupByAgent: boolean;
}

/**
 * Reads the remembered order and grouping; anything else in storage falls back to the default.
 * Checked by hand, not with zod: the entry script reads it to ask for the first page in this
 * order, before zod or React have loaded.
 */
export function savedView(): SavedView {
  const fallback: SavedView = { order: 'urgent', groupByAgent: false };
  try {
    const raw = globalThis.localStorage?.getItem(TRIAGE_STORAGE_KEY);
    if (!raw) return fallback;
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null) return fallback;
    const { order, groupByAgent } = stored as Record<string, unknown>;
    return {
      order: SORT_ORDERS.find((o) => o === order) ?? fallback.order,
      groupByAgent: typeof groupByAgent === 'boolean' ? groupByAgent : false,
    };
  } catch {
    return fallback;
  }
}

/** Remembers the order and grouping; with storage full or disabled the choice lasts this visit. */
export function saveView(view: SavedView): void {
  try {
    globalThis.localStorage?.setItem(
      TRIAGE_STORAGE_KEY,
      JSON.stringify({ order: view.order, groupByAgent: view.groupByAgent }),
    );
  } catch {
    // Storage full or disabled.
  }
  rememberOrderForBroker(view.order);
}

/**
 * Remembers the list's order in a cookie as well, so the broker paints the rows of the next page
 * load in that order (a served page has no access to storage). Not a secret: SameSite=Strict.
 */
export function rememberOrderForBroker(order: SortOrder): void {
  try {
    if (globalThis.location?.protocol.startsWith('http'))
      document.cookie = `${ORDER_COOKIE}=${order}; Path=/; Max-Age=31536000; SameSite=Strict`;
  } catch {
    // Cookies disabled: the broker paints the default order; the app reorders when it takes over.
  }
}
