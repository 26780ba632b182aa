import type { HitlRequest } from '@contract/request';
import type { InboxState } from '../state/inbox-state';

/**
 * Tells which requests are new since the last look: none on the first whole list (the page just
 * opened), none for requests a restarted broker only re-read under a new id.
 */
export class NewRequestTracker {
  private seen: Set<string> | undefined;

  /** The requests pending now that were not pending at the last call. */
  next(state: Pick<InboxState, 'pending' | 'loaded' | 'partialTotal' | 'renamed'>): HitlRequest[] {
    // A first page of a longer list is not the whole picture yet: wait for the rest.
    if (!state.loaded || state.partialTotal !== undefined) return [];
    const previous = this.seen;
    this.seen = new Set(state.pending.keys());
    if (!previous) return [];
    const fresh: HitlRequest[] = [];
    let renamedTo: Set<string> | undefined;
    for (const [id, request] of state.pending) {
      if (previous.has(id)) continue;
      renamedTo ??= new Set(state.renamed.values());
      if (!renamedTo.has(id)) fresh.push(request);
    }
    return fresh;
  }
}

/** The notification's title: the agent's name or id, else the protocol the request came by. */
export function notificationTitle(request: HitlRequest): string {
  return request.agent?.name ?? request.agent?.id ?? request.source;
}

/** The notification's body: the question's first non-empty line, without markdown's loudest marks. */
export function notificationBody(request: HitlRequest, fallback: string): string {
  const line =
    request.prompt
      .split(/\r?\n/)
      .map((l) =>
        l
          .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/, '')
          .replace(/(\*\*|__|`)/g, '')
          .trim(),
      )
      .find((l) => l !== '' && !l.startsWith('```')) ?? '';
  const text = line || request.title || request.key || fallback;
  return text.length > 200 ? `${text.slice(0, 199).trimEnd()}…` : text;
}
