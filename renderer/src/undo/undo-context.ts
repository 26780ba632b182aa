import { createContext, useContext } from 'react';
import type { HitlRequest } from '@contract/request';

/** What the inbox's cards and keys reach of the undo window (UndoProvider). */
export interface UndoScope {
  /** The window in seconds (0: answers go at once). */
  seconds: number;
  setSeconds: (seconds: number) => void;
  /** Requests whose answer is held or on its way: the list leaves them out meanwhile. */
  heldIds: ReadonlySet<string>;
  /** Holds an answer for `ms`, then runs `send` (settled once the broker took it or refused). */
  hold: (request: HitlRequest, ms: number, send: () => Promise<unknown>) => void;
  /** Takes the newest held answer back (or `id`'s); its id, or undefined when none was held. */
  undo: (id?: string) => string | undefined;
  /** Forgets a held answer whose request was resolved elsewhere meanwhile. */
  drop: (id: string) => void;
  /** Says that a held answer could not be sent after all. */
  failed: (request: HitlRequest, error: unknown) => void;
}

export const UndoContext = createContext<UndoScope | undefined>(undefined);

/** The undo window's scope, or undefined outside an UndoProvider (the popover: answers go at once). */
export function useUndo(): UndoScope | undefined {
  return useContext(UndoContext);
}
