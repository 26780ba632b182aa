import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the end of a request's details (the marker `endRef`, placed after the confirm text) has
 * been on screen at least once. Where the browser cannot tell (no IntersectionObserver) it counts
 * as seen.
 */
export function useEndSeen(endRef: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const end = endRef.current;
    if (seen || !end || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [endRef, seen]);
  return seen;
}

/**
 * Whether the question of the card holding `inside` shows its last line now: a long question
 * scrolls in its own box, and a dangerous confirm waits until it was read to the end.
 */
export function questionShownToEnd(inside: HTMLElement | null): boolean {
  const box = inside?.closest('article')?.querySelector<HTMLElement>('.prompt');
  return !box || box.scrollTop + box.clientHeight >= box.scrollHeight - 2;
}
