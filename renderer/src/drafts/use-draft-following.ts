import { useEffect, useRef } from 'react';
import type { InboxState } from '../state/inbox-state';
import { appDraftStore } from './app-drafts';
import type { DraftStore } from './draft-store';

/**
 * Keeps drafts with their requests when a restarted broker re-read them under new ids: on a
 * rename seen live, and on the page's first whole pending list (a draft whose id is not pending
 * moves to the pending request with the same source and key, e.g. after a reload across a restart).
 */
export function useDraftFollowing(state: InboxState, store: DraftStore = appDraftStore()): void {
  const { renamed, pending, loaded, partialTotal } = state;
  useEffect(() => {
    for (const [from, to] of renamed) store.move(from, to);
  }, [renamed, store]);
  // Once, on the first whole list: later, a draft without a pending request belongs to a held
  // card, and a new question under the same key must not pick it up.
  const followed = useRef(false);
  useEffect(() => {
    if (followed.current || !loaded || partialTotal !== undefined) return;
    followed.current = true;
    followDrafts(store, pending);
  }, [loaded, partialTotal, pending, store]);
}

/** Moves drafts of ids no longer pending to the pending request with the same source and key. */
export function followDrafts(
  store: DraftStore,
  pending: ReadonlyMap<string, { id: string; source: string; key: string }>,
): void {
  const orphans = store.list().filter(({ requestId, draft }) => {
    return !pending.has(requestId) && draft.source !== undefined && draft.key !== undefined;
  });
  if (!orphans.length) return;
  const byKey = new Map<string, string>();
  for (const r of pending.values()) byKey.set(`${r.source}\u0000${r.key}`, r.id);
  for (const { requestId, draft } of orphans) {
    const to = byKey.get(`${draft.source}\u0000${draft.key}`);
    if (to) store.move(requestId, to);
  }
}
