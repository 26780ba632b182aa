import { useEffect, useLayoutEffect, useRef } from 'react';
import type { InputKind } from '@contract/request';
import { isTyping } from '../keys/editing';
import { popoverKeyAction, type PopoverKeyAction } from '../popover/popover-keys';

interface Handlers {
  move: (delta: number) => void;
  focusAnswer: () => void;
  back: () => void;
  /** Y/N, 1–9 or an option letter on the shown request (the popover's keys). */
  answerKey: (action: PopoverKeyAction) => void;
  /** The shown request's input kind and one-letter option keys. */
  shown: () => { kind: InputKind | undefined; optionKeys: string[] };
  /** x: tick or untick the shown request for a bulk action. */
  toggle: () => void;
  /** Shift+X: tick every request the list shows. */
  selectAll: () => void;
  /** /: focus the search box. */
  search: () => void;
  /** u: take back the answer held in the undo window. */
  undo: () => void;
  /** Whether any request is ticked (Shift+A then approves them, not the shown one). */
  ticked: () => boolean;
  /** Shift+D: deny or cancel the ticked requests (opens the bulk dialog, which asks first). */
  bulk: () => void;
  /** Shift+A: approve the ticked requests (opens the bulk approve, which lists them first). */
  bulkApprove: () => void;
  /** e: mark the shown notice done. */
  markDone: () => void;
  /** s: snooze the shown request until a time (asks when). */
  snooze: () => void;
}

/**
 * Inbox keys: j/k or ↓/↑ move the selection, Enter focuses the card's answer input, x ticks the
 * request for a bulk action (Shift+X ticks all shown), / searches, u takes back an answer still in
 * its undo window, s snoozes it until a time, e marks a notice done, Shift+D opens the bulk deny/cancel of the ticked ones, Esc leaves an input and returns
 * to the list, and the popover's answer keys (Y approves, N declines, 1–9 or an option's letter
 * picks) act on the shown card. Keys typed inside fields are left alone (except Esc); ? (the help)
 * is handled by the app.
 */
export function useListKeyboard(handlers: Handlers): void {
  const ref = useRef(handlers);
  // In the commit, not after it: a key pressed before React runs effects acts on what is shown.
  useLayoutEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      const editing = isTyping(target);
      if (event.key === 'Escape') {
        if (editing || target?.closest?.('.detail')) {
          target?.blur?.();
          ref.current.back();
          event.preventDefault();
        }
        return;
      }
      if (editing) return;
      const onControl = !!target?.closest?.('button, a, summary, details, input, select');
      if (!onControl) {
        if (event.key === 'ArrowDown') return done(event, () => ref.current.move(1));
        if (event.key === 'ArrowUp') return done(event, () => ref.current.move(-1));
        if (event.key === 'Enter') return done(event, () => ref.current.focusAnswer());
        if (event.key === 'x') return done(event, () => ref.current.toggle());
        if (event.key === 'X') return done(event, () => ref.current.selectAll());
        if (event.key === '/') return done(event, () => ref.current.search());
        if (event.key === 'u') return done(event, () => ref.current.undo());
        if (event.key === 'D') return done(event, () => ref.current.bulk());
        if (event.key === 'A' && ref.current.ticked())
          return done(event, () => ref.current.bulkApprove());
        if (event.key === 'e' && ref.current.shown().kind === 'notice')
          return done(event, () => ref.current.markDone());
        // Unless s is one of the shown choice's own option letters.
        if (event.key === 's' && !ref.current.shown().optionKeys.includes('s'))
          return done(event, () => ref.current.snooze());
      }
      // Letter and digit keys work on a focused button or option too (never inside a text field).
      const action = popoverKeyAction(event, {
        ...ref.current.shown(),
        inTextField: false,
        inMultiline: false,
      });
      if (
        !action ||
        action.type === 'hide' ||
        action.type === 'help' ||
        action.type === 'open-window'
      )
        return;
      if (action.type === 'move') {
        if (event.key !== 'j' && event.key !== 'k' && event.key !== 'J' && event.key !== 'K')
          return;
        return done(event, () => ref.current.move(action.delta));
      }
      done(event, () => ref.current.answerKey(action));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

function done(event: KeyboardEvent, run: () => void): void {
  event.preventDefault();
  run();
}
