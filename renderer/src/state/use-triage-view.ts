import { useCallback, useState } from 'react';
import { z } from 'zod';
import { defaultTriageView, SORT_ORDERS, type TriageView } from './triage';

/** Where the chosen order and grouping are remembered (search and filters are per visit). */
export const TRIAGE_STORAGE_KEY = 'hitl-broker.inbox-view';

const StoredViewSchema = z.object({
  order: z.enum(SORT_ORDERS as [TriageView['order'], ...TriageView['order'][]]).catch('urgent'),
  groupByAgent: z.boolean().catch(false),
});

function load(): TriageView {
  try {
    const raw = globalThis.localStorage?.getItem(TRIAGE_STORAGE_KEY);
    if (!raw) return defaultTriageView;
    const parsed = StoredViewSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { ...defaultTriageView, ...parsed.data } : defaultTriageView;
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
