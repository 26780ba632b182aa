import type { AgentInfo, HitlRequest, Source } from '@contract/request';

/** One row of the virtualised inbox list: a group header or a request. */
export type InboxRow =
  | { kind: 'group'; groupKey: string; agent?: AgentInfo; source: Source; count: number }
  | { kind: 'request'; groupKey: string; request: HitlRequest };

/** The group a request belongs to: its agent when it has one, else its source. */
export function groupKeyOf(request: HitlRequest): string {
  return request.agent ? `agent:${request.agent.id}` : `source:${request.source}`;
}

/**
 * Orders pending requests for the inbox: grouped by agent (or source), groups with the newest
 * request first, newest first inside each group. Returns header and request rows, flattened.
 */
export function groupRequests(requests: Iterable<HitlRequest>): InboxRow[] {
  const groups = new Map<string, HitlRequest[]>();
  for (const request of requests) {
    const key = groupKeyOf(request);
    const list = groups.get(key);
    if (list) list.push(request);
    else groups.set(key, [request]);
  }
  const ordered = [...groups.entries()].map(([key, list]) => {
    list.sort(newestFirst);
    return { key, list };
  });
  ordered.sort((a, b) => newestFirst(a.list[0]!, b.list[0]!));
  const rows: InboxRow[] = [];
  for (const { key, list } of ordered) {
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

function newestFirst(a: HitlRequest, b: HitlRequest): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
