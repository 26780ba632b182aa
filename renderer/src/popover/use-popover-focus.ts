import { useEffect, useState, type RefObject } from 'react';
import type { HitlRequest } from '@contract/request';

/**
 * Focuses the card's answer (a choice without a recommended option: the card itself, so digits
 * pick) whenever another card shows, and on every show of the window: it is kept loaded while
 * hidden, so a show on the same request must focus its card again (focus may have moved before
 * it hid). A show names the request to show (`want`). `onCard` runs first each time.
 */
export function usePopoverFocus(
  cardRef: RefObject<HTMLElement | null>,
  shell: { onShowRequest(listener: (id: string | null) => void): () => void },
  want: (id: string | null) => void,
  card: { request: HitlRequest | undefined; shownId?: string; held: boolean; loaded: boolean },
  onCard: () => void,
): void {
  const [shows, setShows] = useState(0);
  useEffect(
    () =>
      shell.onShowRequest((id) => {
        want(id);
        setShows((n) => n + 1);
      }),
    [shell, want],
  );
  const { request, shownId, held, loaded } = card;
  const focusCard = request?.input.kind === 'choice' && request.input.recommended === undefined;
  const approval = request?.input.kind === 'approval';
  useEffect(() => {
    onCard();
    const el = cardRef.current;
    if (!el) return;
    const target = focusCard ? el : el.querySelector<HTMLElement>('[data-answer-focus]');
    // An approval opens at its top (what it runs, read first), Deny focused below it: scrolling
    // the focused button into view would hide the title and the command's start.
    (target ?? el).focus({ preventScroll: approval });
    if (approval) el.scrollTo?.({ top: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new card or show, not a new onCard
  }, [shownId, held, focusCard, approval, shows, loaded]);
}
