import { browserDraftStore, type DraftStore } from './draft-store';

let store: DraftStore | undefined;

/** The one draft store of this page (created on first use, stale drafts pruned then). */
export function appDraftStore(): DraftStore {
  if (!store) {
    store = browserDraftStore();
    store.prune();
  }
  return store;
}
