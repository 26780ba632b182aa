import type { HitlRequest, Source } from '@contract/request';

/**
 * Protocols whose text questions take an empty answer as the approval: the Clarity spec's bare
 * Enter ("Enter to confirm, or type override") and cueme's "send to continue". Elsewhere (a Tool
 * Server `ui: {type: "text"}`, a QuestFoundry open question, an MCP ask) a text question wants
 * text, and an empty answer would reach the agent as nothing at all.
 */
const EMPTY_APPROVES: ReadonlySet<Source> = new Set(['clarity-file', 'clarity-http', 'cueme']);

/** Whether an empty answer to `request` (a text request) is a meaningful approval. */
export function emptyApproves(request: Pick<HitlRequest, 'source' | 'input'>): boolean {
  return request.input.kind === 'text' && EMPTY_APPROVES.has(request.source);
}
