import type { RunDetail, RunSummary } from '@contract/run-schemas';
import type { AgentMessageView } from '@contract/agent-message';
import type { ApprovalRuleView } from '@contract/approval';
import type { AnswerInput, HitlRequest } from '@contract/request';
import type { UnreadableItem, UnreadableList } from '@contract/unreadable';
import { InboxClientError, type BrokerInfo, type HistoryQuery } from './inbox-client';

/**
 * The broker's JSON API (docs/http-api.md) for the web inbox: one method per route, errors as
 * InboxClientError with the broker's code and message. Cookies (the token cookie set by
 * `/?token=`) go with every same-origin call.
 */
export class BrokerRest {
  protected readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  /** `baseUrl` '' means the page's own origin (the web UI served by `serve`). */
  constructor(baseUrl: string, fetchImpl?: typeof fetch) {
    this.baseUrl = baseUrl.replace(/\/$/, '');
    this.fetchImpl = fetchImpl ?? ((...args) => globalThis.fetch(...args));
  }

  async listPending(): Promise<{ requests: HitlRequest[]; seq: number }> {
    return this.call('GET', '/api/requests');
  }

  async history(query: HistoryQuery = {}): Promise<HitlRequest[]> {
    const params = new URLSearchParams();
    if (query.q) params.set('q', query.q);
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const suffix = params.size ? `?${params}` : '';
    return (await this.call<{ requests: HitlRequest[] }>('GET', `/api/history${suffix}`)).requests;
  }

  async answer(id: string, input: AnswerInput): Promise<HitlRequest> {
    return (
      await this.call<{ request: HitlRequest }>('POST', `/api/requests/${enc(id)}/answer`, input)
    ).request;
  }

  async cancel(id: string, reason?: string): Promise<HitlRequest> {
    const body = reason ? { reason } : {};
    return (
      await this.call<{ request: HitlRequest }>('POST', `/api/requests/${enc(id)}/cancel`, body)
    ).request;
  }

  async listFiles(id: string): Promise<string[]> {
    return (await this.call<{ files: string[] }>('GET', `/api/requests/${enc(id)}/files`)).files;
  }

  async agentMessages(agentId: string): Promise<AgentMessageView[]> {
    return (
      await this.call<{ messages: AgentMessageView[] }>(
        'GET',
        `/api/agents/${enc(agentId)}/messages`,
      )
    ).messages;
  }

  async info(): Promise<BrokerInfo> {
    return this.call('GET', '/api/info');
  }

  async listRuns(): Promise<RunSummary[]> {
    return (await this.call<{ runs: RunSummary[] }>('GET', '/api/runs')).runs;
  }

  async getRun(id: string): Promise<RunDetail> {
    return this.call('GET', `/api/runs/${enc(id)}`);
  }

  async listUnreadable(): Promise<UnreadableItem[]> {
    return (await this.unreadableList()).items;
  }

  /** `GET /api/unreadable` as sent: the items with the list's epoch and revision. */
  protected unreadableList(): Promise<UnreadableList> {
    return this.call<UnreadableList>('GET', '/api/unreadable');
  }

  async dismissUnreadable(id: string): Promise<UnreadableItem[]> {
    return (await this.call<{ items: UnreadableItem[] }>('POST', '/api/unreadable/dismiss', { id }))
      .items;
  }

  async listRules(): Promise<ApprovalRuleView[]> {
    return (await this.call<{ rules: ApprovalRuleView[] }>('GET', '/api/rules')).rules;
  }

  async revokeRule(id: string): Promise<ApprovalRuleView> {
    return (await this.call<{ rule: ApprovalRuleView }>('POST', `/api/rules/${enc(id)}/revoke`, {}))
      .rule;
  }

  protected async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        credentials: 'same-origin',
        headers:
          body === undefined
            ? { accept: 'application/json' }
            : { 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new InboxClientError(`The broker is unreachable (${String(error)})`, 'network', 0);
    }
    const json = (await response.json().catch(() => undefined)) as
      { error?: string; message?: string } | undefined;
    if (!response.ok) {
      throw new InboxClientError(
        json?.message ?? `${method} ${path} failed with HTTP ${response.status}`,
        json?.error ?? 'http_error',
        response.status,
      );
    }
    return json as T;
  }
}

function enc(segment: string): string {
  return encodeURIComponent(segment);
}
