import { useEffect, useState } from 'react';
import type { HitlRequest } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';

interface Props {
  hilId: string;
  /** The pending Tool Server Lite request with this hil_id, if any. */
  pendingId: string | undefined;
  client: InboxClient;
  onOpenRequest: (id: string) => void;
}

const TOOL_SERVER = 'tool-server-lite';

/**
 * Where a `human_in_loop` entry's request is: a button to it while it waits in the Inbox,
 * else what became of it (looked up in the history).
 */
export function HilLink({ hilId, pendingId, client, onOpenRequest }: Props) {
  const { t } = useI18n();
  const [resolved, setResolved] = useState<HitlRequest | null | undefined>();
  useEffect(() => {
    if (pendingId) return;
    let live = true;
    client.history({ q: hilId, limit: 20 }).then(
      (found) =>
        live && setResolved(found.find((r) => r.source === TOOL_SERVER && r.key === hilId) ?? null),
      () => live && setResolved(null),
    );
    return () => {
      live = false;
    };
  }, [client, hilId, pendingId]);

  if (pendingId)
    return (
      <button type="button" className="run-hil-open" onClick={() => onOpenRequest(pendingId)}>
        {t('runHilOpen')} →
      </button>
    );
  if (resolved === undefined) return null;
  if (resolved === null) return <span className="hint">{t('runHilNotPending')}</span>;
  const text =
    resolved.status === 'answered'
      ? t('runHilAnswered', { answer: shorten(resolved.answer?.text || t('emptyAnswer')) })
      : t('runHilResolved', { status: t(STATUS[resolved.status]) });
  return <span className={`run-hil-state status-${resolved.status}`}>{text}</span>;
}

const STATUS = {
  pending: 'statusPending',
  answered: 'statusAnswered',
  cancelled: 'statusCancelled',
  expired: 'statusExpired',
} as const;

function shorten(text: string): string {
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}
