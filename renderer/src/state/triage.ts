import type { HitlRequest, Source } from '@contract/request';
import { compareInOrder, type SortOrder } from '@contract/request-order';
import { groupKeyOf, type InboxRow } from './group-requests';
import { urgencyOf, type Urgency } from './urgency';

export { SORT_ORDERS, type SortOrder } from '@contract/request-order';

/** The operator's view of the pending list: search, filters, order and grouping. */
export interface TriageView {
  /** Matched case-insensitively against title, key, question and agent. */
  text: string;
  /** Only this protocol source. */
  source?: Source;
  /** Only this agent or source group (a `groupKeyOf` value). */
  group?: string;
  /** Only urgent ones, ones with any deadline, or ones without. */
  urgency?: Urgency | 'any-deadline';
  order: SortOrder;
  groupByAgent: boolean;
}

export const defaultTriageView: TriageView = { text: '', order: 'urgent', groupByAgent: false };

/** Orders two requests by `order`; ties go to the id so the order is stable. */
export function compareRequests(a: HitlRequest, b: HitlRequest, order: SortOrder): number {
  return compareInOrder(a, b, order);
}

/** Whether `request` passes the view's search and filters at time `now`. */
export function matchesView(request: HitlRequest, view: TriageView, now: number): boolean {
  if (view.source && request.source !== view.source) return false;
  if (view.group && groupKeyOf(request) !== view.group) return false;
  if (view.urgency) {
    const urgency = urgencyOf(request, now);
    if (view.urgency === 'any-deadline' ? urgency === 'none' : urgency !== view.urgency)
      return false;
  }
  const needle = view.text.trim().toLowerCase();
  if (!needle) return true;
  const fields = [
    request.key,
    request.title,
    request.prompt,
    request.agent?.id,
    request.agent?.name,
    request.source,
  ];
  return fields.some((f) => f !== undefined && f.toLowerCase().includes(needle));
}

/**
 * The list rows for `view`: the matching requests in its order, flat or grouped by agent (or
 * source) with a header per group; groups follow the order of their first request.
 */
export function triageRows(
  requests: Iterable<HitlRequest>,
  view: TriageView,
  now: number,
): InboxRow[] {
  const shown = [...requests].filter((r) => matchesView(r, view, now));
  shown.sort((a, b) => compareRequests(a, b, view.order));
  if (!view.groupByAgent) {
    return shown.map((request) => ({ kind: 'request', groupKey: groupKeyOf(request), request }));
  }
  const groups = new Map<string, HitlRequest[]>();
  for (const request of shown) {
    const key = groupKeyOf(request);
    const list = groups.get(key);
    if (list) list.push(request);
    else groups.set(key, [request]);
  }
  const rows: InboxRow[] = [];
  for (const [key, list] of groups) {
    const first = list[0]!;
    rows.push({
      kind: 'group',
      groupKey: key,
      agent: first.agent,
      source: first.source,
      count: list.length,
    });
    for (const request of list) rows.push({ kind: 'request', groupKey: key, request });
  }
  return rows;
}

/** The agents (or sources) and protocols among `requests`, for the filter menus. */
export function triageOptions(requests: Iterable<HitlRequest>): {
  groups: { key: string; label: string }[];
  sources: Source[];
} {
  const groups = new Map<string, string>();
  const sources = new Set<Source>();
  for (const r of requests) {
    sources.add(r.source);
    const key = groupKeyOf(r);
    if (!groups.has(key)) groups.set(key, r.agent ? (r.agent.name ?? r.agent.id) : r.source);
  }
  return {
    groups: [...groups]
      .map(([key, label]) => ({ key, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    sources: [...sources].sort(),
  };
}
