import { escapeControls } from './printable';
import { promptPreview } from './prompt-preview';
import { compareInOrder, SORT_ORDERS, type SortOrder } from './request-order';

/** At most this many rows: a screenful; the app's virtualised list replaces them. */
export const EARLY_LIST_ROWS = 30;

/**
 * The cookie the web inbox keeps its remembered order in, so the broker can paint the first
 * rows of `GET /` in the order the app will show them.
 */
export const ORDER_COOKIE = 'hitl_order';

/** One row of the early list: what it shows, already made printable. */
export interface EarlyRow {
  title: string;
  prompt?: string;
}

interface EarlyRequest {
  id?: unknown;
  title?: unknown;
  key?: unknown;
  prompt?: unknown;
  createdAt?: unknown;
  expiresAt?: unknown;
}

/** The fields the order reads, coerced: a snapshot is not checked yet when the entry reads it. */
function orderable(r: EarlyRequest) {
  return {
    id: String(r.id),
    createdAt: Number(r.createdAt) || 0,
    ...(typeof r.expiresAt === 'number' ? { expiresAt: r.expiresAt } : {}),
  };
}

/**
 * The rows of the plain, read-only list painted before the app has loaded: the first
 * EARLY_LIST_ROWS of `pending` in `order` (the inbox's, so no row moves when the app takes over),
 * each its title (or key) and the first line of its prompt, control characters escaped as the app
 * shows them. Entries that are not request-shaped are left out. Shared by the broker (rows in the
 * served page) and the entry script (rows from the first `/events` snapshot).
 */
export function earlyRows(pending: readonly unknown[], order: SortOrder = 'urgent'): EarlyRow[] {
  return (pending as EarlyRequest[])
    .filter((r) => r && typeof r === 'object' && typeof (r.title ?? r.key) === 'string')
    .sort((a, b) => compareInOrder(orderable(a), orderable(b), order))
    .slice(0, EARLY_LIST_ROWS)
    .map((r) => ({
      title: escapeControls(String(r.title ?? r.key)),
      ...(typeof r.prompt === 'string' ? { prompt: promptPreview(r.prompt) } : {}),
    }));
}

/** The order a `hitl_order` cookie value names, or undefined for anything else. */
export function orderFromCookie(value: string | undefined): SortOrder | undefined {
  return SORT_ORDERS.find((o) => o === value);
}
