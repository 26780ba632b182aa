import { lazy, Suspense, useState } from 'react';
import type { HitlRequest } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { bulkApprovable } from '../state/bulk-approval';
import type { BulkResult } from './BulkDialog';

// Loaded when first opened: they stay out of the inbox's first load.
const BulkDialog = lazy(() => import('./BulkDialog').then((m) => ({ default: m.BulkDialog })));
const BulkApproveDialog = lazy(() =>
  import('./BulkApproveDialog').then((m) => ({ default: m.BulkApproveDialog })),
);

interface Options {
  client: InboxClient;
  /** The ticked requests still pending. */
  ticked: readonly HitlRequest[];
  onResolving: (id: string, bulk?: boolean) => void;
  onResolveFailed: (id: string) => void;
  /** After a run: untick all. */
  clear: () => void;
  /** After the dialog closes, whatever the outcome. */
  closed: () => void;
}

/**
 * The inbox's two bulk dialogs over the ticked requests: deny/cancel (always offered) and approve
 * (`approve` is undefined unless the selection is approvable: one kind, one agent, nothing risky).
 * `result` is the last run's, for the toolbar.
 */
export function useBulkDialogs({
  client,
  ticked,
  onResolving,
  onResolveFailed,
  clear,
  closed,
}: Options) {
  const [open, setOpen] = useState<'deny' | 'approve' | undefined>();
  const [result, setResult] = useState<BulkResult | undefined>();
  const approvable = ticked.length > 0 && bulkApprovable(ticked).ok;
  const onClose = (approved: boolean) => (outcome: BulkResult | undefined) => {
    setOpen(undefined);
    // Kept (Esc, "Keep them"): the selection stays for another try.
    if (outcome) {
      setResult({ ...outcome, approved });
      clear();
    }
    closed();
  };
  const props = { client, requests: ticked, onResolving, onResolveFailed };
  const dialog = open ? (
    <Suspense fallback={null}>
      {open === 'deny' ? (
        <BulkDialog {...props} onClose={onClose(false)} />
      ) : open === 'approve' && approvable ? (
        <BulkApproveDialog {...props} onClose={onClose(true)} />
      ) : null}
    </Suspense>
  ) : null;
  return {
    dialog,
    result,
    deny: () => ticked.length > 0 && setOpen('deny'),
    approve: approvable ? () => setOpen('approve') : undefined,
  };
}
