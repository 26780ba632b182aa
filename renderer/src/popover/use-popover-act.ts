import { useCallback, type RefObject } from 'react';
import { answerByKey } from '../keys/answer-by-key';
import { wrapIndex, type PopoverKeyAction } from './popover-keys';
import type { PopoverShell } from './popover-shell';
import type { usePopoverAnswer } from './use-popover-answer';
import { usePopoverKeys } from './use-popover-keys';
import type { PopoverRequest } from './use-popover-request';

/**
 * What a popover key does (`act`, also the bar's buttons): hide, open in the window, the help,
 * move to the next or previous request, or answer the one on screen (not a held card, not while
 * an answer is on its way). Listens for the keys (usePopoverKeys).
 */
export function usePopoverAct(
  shell: PopoverShell,
  { pending, index, request, shown, heldCard, want }: PopoverRequest,
  { busy, submit }: ReturnType<typeof usePopoverAnswer>,
  cardRef: RefObject<HTMLElement | null>,
  showHelp: () => void,
) {
  const isHeld = !!heldCard;
  const act = useCallback(
    (action: PopoverKeyAction) => {
      if (action.type === 'hide') return shell.hide();
      if (action.type === 'open-window') return shell.openInWindow(shown?.id ?? null);
      if (action.type === 'help') return showHelp();
      // A held card moves on only when dismissed; answer keys do nothing on it.
      if (isHeld) return;
      if (action.type === 'move') {
        const next = pending[wrapIndex(index, action.delta, pending.length)];
        return want(next?.id ?? null);
      }
      if (!request || busy) return;
      const answer = answerByKey(request, action, cardRef.current);
      if (answer) submit(answer);
    },
    [shell, request, shown, isHeld, pending, index, submit, busy, want, cardRef, showHelp],
  );
  usePopoverKeys(request, act);
  return act;
}
