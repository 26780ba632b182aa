import type { HitlRequest } from '@contract/request';

/** Sources whose answers run code on the operator's machine: coding agents' hooks, HAPI's hub. */
const OPERATOR_ONLY_SOURCES: ReadonlySet<HitlRequest['source']> = new Set([
  'claude-code',
  'codex',
  'hapi',
]);

/**
 * True for a request only the operator may answer or even see: a coding agent's permission
 * request or question (an answer runs code), or any approval. Agents' and the spec's token-less
 * endpoints never list, show or answer these.
 */
export function isOperatorOnly(request: Pick<HitlRequest, 'source' | 'input'>): boolean {
  return OPERATOR_ONLY_SOURCES.has(request.source) || request.input.kind === 'approval';
}
