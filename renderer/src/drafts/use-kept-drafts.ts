import { useEffect, useRef } from 'react';
import { SOURCES } from '@contract/request-names';
import type { HitlRequest, Source } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import type { HeldCard } from '../components/use-departure-notices';
import type { InboxState } from '../state/inbox-state';
import { appDraftStore } from './app-drafts';
import type { DraftStore, StoredDraft } from './draft-store';

/** At most this many kept drafts are looked up in the history at start-up. */
const MAX_KEPT = 20;

/**
 * After a reload, a draft whose request was resolved elsewhere (its card was held, not yet
 * dismissed) comes back as a held card: once, on the first whole pending list (after drafts
 * followed re-read requests to their new ids), every draft of a request that is neither pending
 * nor held is looked up in the history, and held with how it was resolved; one the history does
 * not know is held as "gone" under its key, so the draft can still be read, copied and dismissed.
 */
export function useKeptDrafts(
  state: Pick<InboxState, 'pending' | 'loaded' | 'partialTotal'>,
  client: Pick<InboxClient, 'history'>,
  held: readonly HeldCard[],
  restore: (cards: HeldCard[]) => void,
  store: DraftStore = appDraftStore(),
): void {
  const { pending, loaded, partialTotal } = state;
  const done = useRef(false);
  const heldNow = useRef(held);
  heldNow.current = held;
  useEffect(() => {
    if (done.current || !loaded || partialTotal !== undefined) return;
    done.current = true;
    const orphans = store
      .list()
      .filter(
        ({ requestId }) =>
          !pending.has(requestId) && !heldNow.current.some((h) => h.request.id === requestId),
      )
      .slice(0, MAX_KEPT);
    if (!orphans.length) return;
    void Promise.all(
      orphans.map(({ requestId, draft }) => keptCard(client, requestId, draft)),
    ).then(restore);
  }, [loaded, partialTotal, pending, client, restore, store]);
}

/** The held card of a kept draft: its resolved record from the history, else a stand-in. */
async function keptCard(
  client: Pick<InboxClient, 'history'>,
  requestId: string,
  draft: StoredDraft,
): Promise<HeldCard> {
  const key = draft.key ?? requestId;
  try {
    const list = await client.history({ q: key, limit: 50 });
    const match = list.find((r) => r.id === requestId && r.status !== 'pending');
    if (match) return { request: match, gone: false };
  } catch {
    // No history to ask (an old broker, a network blip): the stand-in still shows the draft.
  }
  return { request: standIn(requestId, key, draft), gone: true };
}

function standIn(id: string, key: string, draft: StoredDraft): HitlRequest {
  const source = (SOURCES as readonly string[]).includes(draft.source ?? '')
    ? (draft.source as Source)
    : 'clarity-http';
  return {
    id,
    source,
    key,
    prompt: '',
    input: { kind: 'text' },
    createdAt: draft.updatedAt,
    status: 'cancelled',
  };
}
