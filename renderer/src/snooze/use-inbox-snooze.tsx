import { lazy, Suspense, useState, type RefObject } from 'react';
import type { HitlRequest } from '@contract/request';
import { useSnoozed } from './use-snoozed';
const SnoozedList = lazy(() => import('./SnoozedList').then((m) => ({ default: m.SnoozedList })));
// Loaded when first opened: it stays out of the inbox's first load.
const SnoozeDialog = lazy(() =>
  import('./SnoozeDialog').then((m) => ({ default: m.SnoozeDialog })),
);

/**
 * The inbox's snoozing: the requests to list (`shown`, the snoozed ones left out), `start(id)`
 * opening the "snooze until" dialog (`dialog`, null when closed), and `bar`, the "N snoozed" toggle
 * with the list of snoozed requests and Unsnooze. Focus returns to the list when the dialog closes.
 */
export function useInboxSnooze(
  pending: ReadonlyMap<string, HitlRequest>,
  unheld: Iterable<HitlRequest>,
  now: number,
  partial: boolean,
  listRef: RefObject<{ focus: () => void } | null>,
) {
  const snoozed = useSnoozed(pending, unheld, now, partial);
  const [snoozing, setSnoozing] = useState<string | undefined>();
  const dialog = snoozing ? (
    <Suspense fallback={null}>
      <SnoozeDialog
        title={pending.get(snoozing)?.title ?? pending.get(snoozing)?.key ?? snoozing}
        now={now}
        onClose={(until) => {
          if (until !== undefined) snoozed.snooze(snoozing, until);
          setSnoozing(undefined);
          listRef.current?.focus();
        }}
      />
    </Suspense>
  ) : null;
  return {
    shown: snoozed.shown,
    asleep: snoozed.asleep.length,
    start: (id: string | undefined) => id && pending.has(id) && setSnoozing(id),
    dialog,
    // Only while something is snoozed (so its code loads then).
    bar: snoozed.asleep.length ? (
      <Suspense fallback={null}>
        <SnoozedList asleep={snoozed.asleep} until={snoozed.until} unsnooze={snoozed.unsnooze} />
      </Suspense>
    ) : null,
  };
}
