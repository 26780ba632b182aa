import { useEffect, useRef } from 'react';

interface Handlers {
  move: (delta: number) => void;
  focusAnswer: () => void;
  back: () => void;
  /** x: tick or untick the shown request for a bulk action. */
  toggle: () => void;
  /** Shift+X: tick every request the list shows. */
  selectAll: () => void;
  /** /: focus the search box. */
  search: () => void;
}

/**
 * Inbox keys: j/k or ↓/↑ move the selection, Enter focuses the card's answer input, x ticks the
 * request for a bulk action (Shift+X ticks all shown), / searches, Esc leaves an input and returns
 * to the list. Keys typed inside inputs are left alone (except Esc).
 */
export function useListKeyboard(handlers: Handlers): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      const editing = !!target?.closest('input, textarea, select, [contenteditable="true"]');
      if (event.key === 'Escape') {
        if (editing || target?.closest('.detail')) {
          (target as HTMLElement).blur?.();
          ref.current.back();
          event.preventDefault();
        }
        return;
      }
      if (editing || target?.closest('button, a, summary, details')) return;
      if (event.key === 'j' || event.key === 'ArrowDown') ref.current.move(1);
      else if (event.key === 'k' || event.key === 'ArrowUp') ref.current.move(-1);
      else if (event.key === 'Enter') ref.current.focusAnswer();
      else if (event.key === 'x') ref.current.toggle();
      else if (event.key === 'X') ref.current.selectAll();
      else if (event.key === '/') ref.current.search();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
