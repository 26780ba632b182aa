import { z } from 'zod';
import type { HitlRequest } from '@contract/request';

const KEY = 'hitl.undo.v1';
/** The choices the setting offers, in seconds (0: an answer goes at once). */
export const UNDO_CHOICES = [0, 3, 5, 10] as const;
export const DEFAULT_UNDO_SECONDS = 5;

const UndoPrefsSchema = z.object({ seconds: z.number().int().min(0).max(10) });

/** The undo window in seconds, as saved (0–10; the default when nothing valid is saved). */
export function loadUndoSeconds(storage: Pick<Storage, 'getItem'> | undefined): number {
  try {
    const parsed = UndoPrefsSchema.safeParse(JSON.parse(storage?.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data.seconds : DEFAULT_UNDO_SECONDS;
  } catch {
    return DEFAULT_UNDO_SECONDS;
  }
}

/** Saves the undo window (a storage error only means it is not remembered). */
export function saveUndoSeconds(storage: Pick<Storage, 'setItem'> | undefined, seconds: number) {
  try {
    storage?.setItem(KEY, JSON.stringify(UndoPrefsSchema.parse({ seconds })));
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
