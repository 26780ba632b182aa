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
