import { useId, useState } from 'react';
import type { HitlRequest } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';
import { bulkResolution } from '../state/bulk-resolution';
import { runBulk } from '../state/run-bulk';
import { ModalDialog } from './ModalDialog';

interface Props {
  client: InboxClient;
  requests: readonly HitlRequest[];
  onResolving: (id: string, bulk: boolean) => void;
  onResolveFailed: (id: string) => void;
  /** Closed: how many were resolved, and the failures (e.g. answered elsewhere meanwhile). */
  onClose: (result: BulkResult | undefined) => void;
}

/** What a bulk run did; undefined when the operator kept the requests. */
export interface BulkResult {
  resolved: number;
  failed: number;
  /** The first failure's message. */
  error?: string;
  /** A bulk approve (else a deny/cancel). */
  approved?: boolean;
}

/**
 * One modal dialog for the whole selection: one reason, then each request is denied (approval,
 * confirm) or cancelled (anything else) with it. Esc or "Keep them" closes without sending.
 */
export function BulkDialog({ client, requests, onResolving, onResolveFailed, onClose }: Props) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<number | undefined>();
  const titleId = useId();
  const reasonId = useId();
  const n = requests.length;
  const send = async () => {
    setDone(0);
    const result = await runBulk(
      requests,
      (request) => {
        const action = bulkResolution(request, reason);
        return action.kind === 'answer'
          ? client.answer(request.id, action.input)
          : client.cancel(request.id, action.reason);
      },
      { onResolving, onResolveFailed, onStep: () => setDone((d) => (d ?? 0) + 1) },
    );
    onClose(result);
  };

  return (
    <ModalDialog titleId={titleId} busy={done !== undefined} onDismiss={() => onClose(undefined)}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (done === undefined) void send();
        }}
      >
        <h2 id={titleId}>{t('bulkTitle', { n })}</h2>
        <p className="hint">{t('bulkIntro')}</p>
        <label htmlFor={reasonId}>{t('bulkReason')}</label>
        <input
          id={reasonId}
          type="text"
          autoFocus
          maxLength={10_000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {done !== undefined ? (
          <p className="hint" role="status">
            {t('bulkWorking', { done, n })}
          </p>
        ) : null}
        <div className="bulk-actions">
          <button type="submit" className="danger" disabled={done !== undefined}>
            {t('bulkConfirm', { n })}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={done !== undefined}
            onClick={() => onClose(undefined)}
          >
            {t('bulkKeep')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
