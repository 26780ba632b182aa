import { useMemo, type ReactNode } from 'react';
import type { HitlRequest } from '@contract/request';
import { appDraftStore } from './app-drafts';
import type { DraftStore } from './draft-store';
import { DraftContext } from './use-draft';

/** Saves what the answer inputs inside it hold as `request`'s draft. */
export function RequestDrafts({
  request,
  store = appDraftStore(),
  children,
}: {
  request: Pick<HitlRequest, 'id' | 'source' | 'key'>;
  store?: DraftStore;
  children: ReactNode;
}) {
  const { id, source, key } = request;
  const scope = useMemo(
    () => ({ store, requestId: id, source, requestKey: key }),
    [store, id, source, key],
  );
  return <DraftContext.Provider value={scope}>{children}</DraftContext.Provider>;
}
