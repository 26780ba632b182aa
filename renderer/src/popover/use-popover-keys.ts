import { useLayoutEffect } from 'react';
import type { HitlRequest } from '@contract/request';
import { optionKeysOf } from '../keys/editing';
import { popoverKeyAction, type PopoverKeyAction } from './popover-keys';

/** Where a key press came from: a single-line text field, or a multi-line field or select. */
function typingIn(target: HTMLElement | null): { inTextField: boolean; inMultiline: boolean } {
  const tag = target?.tagName;
  return {
    inTextField:
      tag === 'INPUT' &&
      !['checkbox', 'radio', 'button', 'submit'].includes((target as HTMLInputElement).type),
    inMultiline: tag === 'TEXTAREA' || tag === 'SELECT' || !!target?.isContentEditable,
  };
}

/** The popover's keys (popoverKeyAction) on the document, for `request` on screen, to `act`. */
export function usePopoverKeys(
  request: HitlRequest | undefined,
  act: (action: PopoverKeyAction) => void,
): void {
  // A layout effect: the listener must know the request on screen before the screen shows it.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = popoverKeyAction(event, {
        kind: request?.input.kind,
        ...typingIn(event.target as HTMLElement | null),
        optionKeys: request ? optionKeysOf(request.input) : [],
      });
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [act, request]);
}
