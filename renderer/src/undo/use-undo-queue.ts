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
  /** Sends the answer; settles when the broker has taken it (or refused). */
  send: () => Promise<unknown>;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Answers held for a few seconds before they are sent, so a one-key answer can be taken back:
 * `hold` keeps one (sent when its window closes, or at once when the page goes away), `undo`
 * takes the newest back (or the one named), `drop` forgets one that left the pending list.
 * `hiddenIds` are the held ones and those sent but not yet gone from the list (so an answered
 * card never shows again for the moment between the send and the broker's event).
 */
export function useUndoQueue() {
  const entries = useRef(new Map<string, Entry>());
  const sending = useRef(new Set<string>());
  const [held, setHeld] = useState<HeldAnswer[]>([]);
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<string>>(new Set());
  const publish = useCallback(() => {
    setHeld([...entries.current.values()].map(({ request, due, ms }) => ({ request, due, ms })));
    setHiddenIds(new Set([...entries.current.keys(), ...sending.current]));
  }, []);
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
  const sendNow = useCallback(
    (id: string) => {
      const entry = entries.current.get(id);
      if (!entry) return;
      sending.current.add(id);
      take(id);
      entry.send().catch(() => {
        // Refused (resolved elsewhere, a lost connection): the card may show again.
        sending.current.delete(id);
        publish();
      });
    },
    [take, publish],
  );
  const hold = useCallback(
    (request: HitlRequest, ms: number, send: () => Promise<unknown>) => {
      take(request.id);
      const timer = setTimeout(() => sendNow(request.id), ms);
      entries.current.set(request.id, { request, due: Date.now() + ms, ms, send, timer });
      publish();
    },
    [take, sendNow, publish],
  );
  const undo = useCallback(
    (id?: string) => {
      const target = id ?? [...entries.current.keys()].at(-1);
      return target !== undefined && take(target) ? target : undefined;
    },
    [take],
  );
  const drop = useCallback(
    (id: string) => {
      take(id);
      if (sending.current.delete(id)) publish();
    },
    [take, publish],
  );
  // Leaving the page sends what is held: an answer given is never lost to a closed tab.
  useEffect(() => {
    const flush = () => {
      for (const id of [...entries.current.keys()]) sendNow(id);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [sendNow]);
  return { held, hiddenIds, hold, undo, drop };
}
