import type { HitlRequest } from '@contract/request';

const KEY = 'hitl.undo.v1';
/** The choices the setting offers, in seconds (0: an answer goes at once). */
export const UNDO_CHOICES = [0, 3, 5, 10] as const;
export const DEFAULT_UNDO_SECONDS = 5;

/** A whole number of seconds from 0 to 10. */
function validSeconds(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 10;
}

/**
 * The undo window in seconds, as saved (0–10; the default when nothing valid is saved). Checked
 * by hand, not with zod: the inbox reads it on its first load, before zod has loaded.
 */
export function loadUndoSeconds(storage: Pick<Storage, 'getItem'> | undefined): number {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    const seconds = (stored as { seconds?: unknown } | null)?.seconds;
    return validSeconds(seconds) ? seconds : DEFAULT_UNDO_SECONDS;
  } catch {
    return DEFAULT_UNDO_SECONDS;
  }
}

/** Saves the undo window (0–10 s; anything else is not saved; a storage error only means it is not remembered). */
export function saveUndoSeconds(storage: Pick<Storage, 'setItem'> | undefined, seconds: number) {
  if (!validSeconds(seconds)) return;
  try {
    storage?.setItem(KEY, JSON.stringify({ seconds }));
  } catch {
    // Private mode, a full quota: the choice still holds for this page.
  }
}

/**
 * How long an operator's answer to `request` waits before it is sent: the window for approvals
 * and confirms (the answers one key gives), none for anything else (typed text, forms, picks).
 */
export function undoWindowMs(request: Pick<HitlRequest, 'input'>, seconds: number): number {
  const kind = request.input.kind;
  return kind === 'approval' || kind === 'confirm' ? seconds * 1000 : 0;
}
