import type { HitlRequest } from '@contract/request';
import { URGENT_FRACTION, URGENT_MS } from '../state/urgency';

/** Where this browser (or the app) keeps its snoozes: request id → when it comes back (ms). */
export const SNOOZE_STORAGE_KEY = 'hitl-broker.snoozed';

/** Snoozed requests by id, each with the time it comes back. */
export type Snoozes = ReadonlyMap<string, number>;

/** The kept snoozes; anything malformed in storage is left out (checked by hand: no zod here). */
export function readSnoozes(storage: Storage | undefined = globalThis.localStorage): Snoozes {
  try {
    const raw = storage?.getItem(SNOOZE_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed !== 'object' || parsed === null) return new Map();
    return new Map(
      Object.entries(parsed).filter(
        (e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]),
      ),
    );
  } catch {
    return new Map();
  }
}

/** Keeps the snoozes; with storage full or disabled they last this visit. */
export function writeSnoozes(
  snoozes: Snoozes,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    if (snoozes.size === 0) storage?.removeItem(SNOOZE_STORAGE_KEY);
    else storage?.setItem(SNOOZE_STORAGE_KEY, JSON.stringify(Object.fromEntries(snoozes)));
  } catch {
    // Storage full or disabled.
  }
}

/**
 * When a request snoozed until `until` comes back: then, or earlier when its deadline would turn
 * urgent before that (the moment the list would mark it urgent), so no deadline passes unseen.
 */
export function wakeAt(request: HitlRequest, until: number): number {
  if (request.expiresAt === undefined) return until;
  const total = Math.max(0, request.expiresAt - request.createdAt);
  const urgentFrom = request.expiresAt - Math.max(URGENT_MS, total * URGENT_FRACTION);
  return Math.min(until, urgentFrom);
}

/** The ids of the pending requests still asleep at `now`. */
export function asleepIds(
  snoozes: Snoozes,
  pending: ReadonlyMap<string, HitlRequest>,
  now: number,
): string[] {
  const ids: string[] = [];
  for (const [id, until] of snoozes) {
    const request = pending.get(id);
    if (request && wakeAt(request, until) > now) ids.push(id);
  }
  return ids.sort();
}

/** The snooze lengths offered: 15 minutes, 1 hour, tomorrow at 9:00 (local time). */
export function snoozeChoices(
  now: number,
): { label: 'snooze15m' | 'snooze1h' | 'snoozeTomorrow'; until: number }[] {
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(9, 0, 0, 0);
  return [
    { label: 'snooze15m', until: now + 15 * 60_000 },
    { label: 'snooze1h', until: now + 60 * 60_000 },
    { label: 'snoozeTomorrow', until: tomorrow.getTime() },
  ];
}
