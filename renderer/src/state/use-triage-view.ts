import { useCallback, useState } from 'react';
import { defaultTriageView, SORT_ORDERS, type TriageView } from './triage';

/** Where the chosen order and grouping are remembered (search and filters are per visit). */
export const TRIAGE_STORAGE_KEY = 'hitl-broker.inbox-view';

/**
 * Reads the remembered order and grouping; anything else in storage falls back to the default.
 * Checked by hand, not with zod: this runs on the first paint, which zod must stay out of.
 */
function load(): TriageView {
  try {
    const raw = globalThis.localStorage?.getItem(TRIAGE_STORAGE_KEY);
    if (!raw) return defaultTriageView;
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null) return defaultTriageView;
    const { order, groupByAgent } = stored as Record<string, unknown>;
    return {
      ...defaultTriageView,
      order: SORT_ORDERS.find((o) => o === order) ?? defaultTriageView.order,
      groupByAgent: typeof groupByAgent === 'boolean' ? groupByAgent : false,
    };
  } catch {
    return defaultTriageView;
  }
}

/** The inbox's search/filter/order view; order and grouping survive reloads (localStorage). */
export function useTriageView(): [TriageView, (patch: Partial<TriageView>) => void] {
  const [view, setView] = useState(load);
  const update = useCallback((patch: Partial<TriageView>) => {
    setView((current) => {
      const next = { ...current, ...patch };
      if (patch.order !== undefined || patch.groupByAgent !== undefined) {
        try {
          globalThis.localStorage?.setItem(
            TRIAGE_STORAGE_KEY,
            JSON.stringify({ order: next.order, groupByAgent: next.groupByAgent }),
          );
        } catch {
          // Storage full or disabled: the choice lasts this visit.
        }
      }
      return next;
    });
  }, []);
  return [view, update];
}
