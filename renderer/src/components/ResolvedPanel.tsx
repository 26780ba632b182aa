import { useEffect, useState } from 'react';
import { escapeControls } from '@contract/printable';
import type { HitlRequest } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { appDraftStore } from '../drafts/app-drafts';
import { draftText } from '../drafts/draft-text';
import { resolutionText } from '../format/resolution';
import { useI18n } from '../i18n/I18nProvider';

interface Props {
  request: HitlRequest;
  /** It vanished while this page was away: how is not known. */
  gone: boolean;
  now: number;
  onDismiss: () => void;
  /** To look up how a request that vanished while the page was away was resolved (history). */
  client?: Pick<InboxClient, 'history'>;
}

/**
 * In place of the answer inputs once a request was resolved elsewhere: by whom or what and when,
 * the answer that won, and the operator's unsent draft to copy, until dismissed.
 */
export function ResolvedPanel({ request: left, gone: vanished, now, onDismiss, client }: Props) {
  const { t } = useI18n();
  const found = useResolution(left, vanished, client);
  const request = found ?? left;
  const gone = vanished && !found;
  // Read once: the draft no longer changes, and dismissing removes it from storage.
  const [draft] = useState(() => draftText(appDraftStore().read(request.id)?.fields));
  const [copied, setCopied] = useState(false);
  const draftId = `draft-${request.id}`;
  const copy = () => {
    void navigator.clipboard?.writeText(draft).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section className="resolved-panel" aria-label={t('resolvedRow')}>
      <p className="resolved-status" role="status">
        <strong>{resolutionText(request, now, t, gone)}</strong>
      </p>
      {!gone && request.answer ? (
        <div className="resolved-answer">
          <span className="field-label">{t('resolvedWinner')}</span>
          <pre className="resolved-answer-text" tabIndex={0}>
            {escapeControls(request.answer.text || '—')}
          </pre>
        </div>
      ) : null}
      {!gone && request.cancelReason ? (
        <p className="resolved-reason">
          <span className="field-label">{t('resolvedReason')}</span>{' '}
          {escapeControls(request.cancelReason)}
        </p>
      ) : null}
      <label htmlFor={draftId} className="field-label">
        {t('resolvedDraft')}
      </label>
      {draft ? (
        <textarea id={draftId} className="resolved-draft" readOnly value={draft} rows={4} />
      ) : (
        <p id={draftId} className="hint">
          {t('resolvedDraftEmpty')}
        </p>
      )}
      <div className="actions">
        {draft ? (
          <button type="button" className="secondary" onClick={copy}>
            {copied ? t('copied') : t('copyDraft')}
          </button>
        ) : null}
        <button type="button" className="primary" data-answer-focus onClick={onDismiss}>
          {t('dismissCard')}
        </button>
      </div>
    </section>
  );
}

/** For a request that vanished while the page was away: its resolved record from the history. */
function useResolution(
  request: HitlRequest,
  gone: boolean,
  client: Pick<InboxClient, 'history'> | undefined,
): HitlRequest | undefined {
  const [found, setFound] = useState<HitlRequest | undefined>();
  useEffect(() => {
    if (!gone || !client) return;
    let live = true;
    client.history({ q: request.key, limit: 50 }).then(
      (list) => {
        const match = list.find((r) => r.id === request.id && r.status !== 'pending');
        if (live && match) setFound(match);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [gone, client, request.id, request.key]);
  return found;
}
