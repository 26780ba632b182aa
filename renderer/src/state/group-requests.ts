import type { AgentInfo, HitlRequest, Source } from '@contract/request';

/** One row of the virtualised inbox list: a group header or a request. */
export type InboxRow =
  | { kind: 'group'; groupKey: string; agent?: AgentInfo; source: Source; count: number }
  | { kind: 'request'; groupKey: string; request: HitlRequest };

/** The group a request belongs to: its agent when it has one, else its source. */
export function groupKeyOf(request: HitlRequest): string {
  return request.agent ? `agent:${request.agent.id}` : `source:${request.source}`;
}
