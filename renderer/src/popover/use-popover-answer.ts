import { useCallback, useState } from 'react';
import type { AnswerInput, HitlRequest } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { appDraftStore } from '../drafts/app-drafts';

interface Handlers {
  onResolving(id: string): void;
  onResolveFailed(id: string): void;
  /** Brings a request back on screen (its answer failed). */
  want(id: string): void;
}

/**
 * Sends the answer to the request on screen, once (busy until it has gone), then forgets its
 * draft; a failed answer brings the request back with the error. `clear` readies the next card.
 */
export function usePopoverAnswer(
  client: InboxClient,
  request: HitlRequest | undefined,
  { onResolving, onResolveFailed, want }: Handlers,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = useCallback(
    (answer: AnswerInput) => {
      if (!request || busy) return;
      setBusy(true);
      setError(undefined);
      onResolving(request.id);
      client.answer(request.id, answer).then(
        () => appDraftStore().remove(request.id),
        (e: unknown) => {
          onResolveFailed(request.id);
          want(request.id);
          setBusy(false);
          setError(e instanceof Error ? e.message : String(e));
        },
      );
    },
    [client, request, busy, onResolving, onResolveFailed, want],
  );
  const clear = useCallback(() => {
    setBusy(false);
    setError(undefined);
  }, []);
  return { busy, error, submit, clear };
}
