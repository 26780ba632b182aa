import { useCallback, useState } from 'react';
import { defaultTriageView, type TriageView } from './triage';
import { savedView, saveView } from './saved-view';

/** The inbox's search/filter/order view; order and grouping survive reloads (localStorage). */
export function useTriageView(): [TriageView, (patch: Partial<TriageView>) => void] {
  const [view, setView] = useState<TriageView>(() => ({ ...defaultTriageView, ...savedView() }));
  const update = useCallback((patch: Partial<TriageView>) => {
    setView((current) => {
      const next = { ...current, ...patch };
      if (patch.order !== undefined || patch.groupByAgent !== undefined) saveView(next);
      return next;
    });
  }, []);
  return [view, update];
}
