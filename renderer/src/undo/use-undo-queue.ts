import { useCallback, useEffect, useRef, useState } from 'react';
import type { HitlRequest } from '@contract/request';

/** An answer held for its undo window. */
export interface HeldAnswer {
  request: HitlRequest;
  /** When it goes out. */
  due: number;
  /** The window it was given, in ms. */
  ms: number;
}

interface Entry extends HeldAnswer {
  send: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Answers held for a few seconds before they are sent, so a one-key answer can be taken back:
 * `hold` keeps one (sent when its window closes, or at once when the page goes away), `undo`
 * takes the newest back (or the one named), `drop` forgets one resolved elsewhere meanwhile.
 */
export function useUndoQueue() {
  const entries = useRef(new Map<string, Entry>());
  const [held, setHeld] = useState<HeldAnswer[]>([]);
  const publish = useCallback(
    () =>
      setHeld([...entries.current.values()].map(({ request, due, ms }) => ({ request, due, ms }))),
    [],
  );
  const take = useCallback(
    (id: string) => {
      const entry = entries.current.get(id);
      if (!entry) return undefined;
      clearTimeout(entry.timer);
      entries.current.delete(id);
      publish();
      return entry;
    },
    [publish],
  );
  const hold = useCallback(
    (request: HitlRequest, ms: number, send: () => void) => {
      take(request.id);
      const timer = setTimeout(() => take(request.id)?.send(), ms);
      entries.current.set(request.id, { request, due: Date.now() + ms, ms, send, timer });
      publish();
    },
    [take, publish],
  );
  const undo = useCallback(
    (id?: string) => {
      const target = id ?? [...entries.current.keys()].at(-1);
      return target !== undefined && take(target) ? target : undefined;
    },
    [take],
  );
  const drop = useCallback((id: string) => void take(id), [take]);
  // Leaving the page sends what is held: an answer given is never lost to a closed tab.
  useEffect(() => {
    const flush = () => {
      for (const id of [...entries.current.keys()]) take(id)?.send();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [take]);
  return { held, hold, undo, drop };
}
