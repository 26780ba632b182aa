import { useId, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';

interface CancelControlProps {
  busy: boolean;
  /** Withdraws the request, with the operator's reason when they gave one. */
  cancel: (reason: string | undefined) => void;
}

/**
 * "Cancel request…" with a second step, so a stray click never withdraws an agent's question:
 * an optional reason (kept in the history and passed on by protocols that carry one), then
 * Cancel request or Keep it. Enter in the reason confirms; Esc keeps the request.
 */
export function CancelControl({ busy, cancel }: CancelControlProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const inputId = useId();
  const confirm = () => cancel(reason.trim() || undefined);

  if (!open) {
    return (
      <button type="button" className="danger" disabled={busy} onClick={() => setOpen(true)}>
        {t('cancelRequestStart')}
      </button>
    );
  }
  return (
    <div className="cancel-confirm" role="group" aria-label={t('cancelRequest')}>
      <label htmlFor={inputId}>{t('cancelReason')}</label>
      <input
        id={inputId}
        type="text"
        autoFocus
        maxLength={10_000}
        value={reason}
        placeholder={t('cancelReasonPlaceholder')}
        onChange={(e) => setReason(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            confirm();
          } else if (e.key === 'Escape') {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      <button type="button" className="danger" disabled={busy} onClick={confirm}>
        {t('cancelRequest')}
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={() => setOpen(false)}>
        {t('keepRequest')}
      </button>
    </div>
  );
}
