import { createContext, useCallback, useContext, useState, type SetStateAction } from 'react';
import type { DraftStore } from './draft-store';

/** The draft a card's inputs write to: the store and the request the card shows. */
export interface DraftScope {
  store: DraftStore;
  requestId: string;
  source: string;
  requestKey: string;
}

export const DraftContext = createContext<DraftScope | undefined>(undefined);

/**
 * useState for one answer field that is also saved as the request's draft, so it survives a
 * reload, a reconnect and a broker restart. Outside a DraftContext it is plain useState.
 */
export function useDraft<T>(field: string, initial: T): [T, (next: SetStateAction<T>) => void] {
  const scope = useContext(DraftContext);
  const [value, setValue] = useState<T>(() => {
    const stored = scope?.store.read(scope.requestId)?.fields[field];
    return stored === undefined ? initial : (stored as T);
  });
  const set = useCallback(
    (next: SetStateAction<T>) => {
      setValue((previous) => {
        const resolved = typeof next === 'function' ? (next as (p: T) => T)(previous) : next;
        scope?.store.write(scope.requestId, field, resolved, {
          source: scope.source,
          key: scope.requestKey,
        });
        return resolved;
      });
    },
    [scope, field],
  );
  return [value, set];
}
