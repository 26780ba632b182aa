import { useId, useState } from 'react';
import type { HitlRequest } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';
import { onDemandText, type OnDemandKey } from '../i18n/on-demand-strings';
import { approvalAnswer } from '../state/bulk-approval';
import { runBulk, type BulkOutcome } from '../state/run-bulk';
import './bulk-approve.css';
import { ModalDialog } from './ModalDialog';

interface Props {
  client: InboxClient;
  /** An approvable selection (bulkApprovable): one kind, one agent, nothing risky. */
  requests: readonly HitlRequest[];
  onResolving: (id: string, bulk: boolean) => void;
  onResolveFailed: (id: string) => void;
  onClose: (result: BulkOutcome | undefined) => void;
}

/** What exactly is approved: a permission request's whole command, a confirm's text or prompt. */
function whatIsApproved(request: HitlRequest): string {
  const input = request.input;
  if (input.kind === 'approval') return input.command ?? '';
  if (input.kind === 'confirm') return input.text ?? request.prompt;
  return request.prompt;
}

/**
 * Approves the ticked requests at once after listing each one exactly as it will be approved (a
 * permission request as its whole command, allowed once, never always). Esc or "Keep them" closes
 * without sending; focus starts on Keep them, so Enter alone approves nothing.
 */
export function BulkApproveDialog({ client, requests, onClose, ...hooks }: Props) {
  const { t, language } = useI18n();
  const ot = (key: OnDemandKey, vars?: Record<string, string | number>) =>
    onDemandText(language, key, vars);
  const [done, setDone] = useState<number | undefined>();
  const titleId = useId();
  const n = requests.length;
  const send = async () => {
    setDone(0);
    const result = await runBulk(requests, (r) => client.answer(r.id, approvalAnswer(r)), {
      ...hooks,
      onStep: () => setDone((d) => (d ?? 0) + 1),
    });
    onClose(result);
  };
  return (
    <ModalDialog titleId={titleId} busy={done !== undefined} onDismiss={() => onClose(undefined)}>
      <h2 id={titleId}>{ot('bulkApproveTitle', { n })}</h2>
      <p className="hint">
        {requests[0]?.input.kind === 'approval'
          ? ot('bulkApproveIntroCommands')
          : ot('bulkApproveIntro')}
      </p>
      <ol className="bulk-approve-list" tabIndex={0} aria-label={ot('bulkApproveListLabel')}>
        {requests.map((r) => (
          <li key={r.id}>
            <strong>{r.title ?? r.key}</strong>
            <pre className="bulk-approve-what">{whatIsApproved(r)}</pre>
          </li>
        ))}
      </ol>
      {done !== undefined ? (
        <p className="hint" role="status">
          {t('bulkWorking', { done, n })}
        </p>
      ) : null}
      <div className="bulk-actions">
        <button
          type="button"
          className="primary"
          disabled={done !== undefined}
          onClick={() => void send()}
        >
          {ot('bulkApproveConfirm', { n })}
        </button>
        <button
          type="button"
          className="secondary"
          autoFocus
          disabled={done !== undefined}
          onClick={() => onClose(undefined)}
        >
          {t('bulkKeep')}
        </button>
      </div>
    </ModalDialog>
  );
}
