import { useEffect, useLayoutEffect, useRef } from 'react';
import { isTyping } from './editing';

/** ? (outside a text field) calls `open`: the keyboard help in every view. */
export function useHelpKey(open: () => void): void {
  const ref = useRef(open);
  useLayoutEffect(() => {
    ref.current = open;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.key !== '?' || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      ref.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
