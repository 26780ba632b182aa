import type { Source } from '@contract/request';
import type { TriageView } from './triage';

/** Where this browser (or the app) keeps the operator's named filters. */
export const SAVED_FILTERS_KEY = 'hitl-broker.saved-filters';

/** A named search and filter set (order and grouping are remembered apart). */
export interface SavedFilter {
  name: string;
  text: string;
  source?: Source;
  group?: string;
  urgency?: TriageView['urgency'];
}

const URGENCIES = ['urgent', 'deadline', 'none', 'any-deadline'];
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The saved filters; malformed entries are left out (checked by hand: no zod on first load). */
export function readSavedFilters(
  storage: Storage | undefined = globalThis.localStorage,
): SavedFilter[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SAVED_FILTERS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((e: Record<string, unknown>) => {
      const name = str(e?.name)?.trim();
      if (!name) return [];
      const urgency = URGENCIES.find((u) => u === e.urgency) as SavedFilter['urgency'];
      return [
        {
          name,
          text: str(e.text) ?? '',
          ...(str(e.source) ? { source: str(e.source) as Source } : {}),
          ...(str(e.group) ? { group: str(e.group) } : {}),
          ...(urgency ? { urgency } : {}),
        },
      ];
    });
  } catch {
    return [];
  }
}

/** Keeps the filters; with storage full or disabled they last this visit. */
export function writeSavedFilters(
  filters: readonly SavedFilter[],
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(SAVED_FILTERS_KEY, JSON.stringify(filters));
  } catch {
    // Storage full or disabled.
  }
}

/** The view's search and filters under `name`; one of the same name is replaced. */
export function withFilter(
  filters: readonly SavedFilter[],
  name: string,
  view: TriageView,
): SavedFilter[] {
  const saved: SavedFilter = {
    name: name.trim(),
    text: view.text,
    ...(view.source ? { source: view.source } : {}),
    ...(view.group ? { group: view.group } : {}),
    ...(view.urgency ? { urgency: view.urgency } : {}),
  };
  return [...filters.filter((f) => f.name !== saved.name), saved];
}

/** Whether the view shows exactly `filter`'s search and filters. */
export function isActive(filter: SavedFilter, view: TriageView): boolean {
  return (
    filter.text === view.text &&
    filter.source === view.source &&
    filter.group === view.group &&
    filter.urgency === view.urgency
  );
}
