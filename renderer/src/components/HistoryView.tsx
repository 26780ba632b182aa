import { escapeControls } from '@contract/printable';
import { useEffect, useState } from 'react';
import type { HitlRequest } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';
import { Markdown } from '../markdown/Markdown';
import { resolverWords } from '../format/resolver-words';

interface Props {
  client: InboxClient;
  /** Changes whenever a request is resolved, so the list refreshes live. */
  refreshKey: number;
}

/** Resolved requests with their answers, newest first, searchable. */
export function HistoryView({ client, refreshKey }: Props) {
  const { t, language } = useI18n();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<HitlRequest[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      client.history({ q: query.trim() || undefined, limit: 200 }).then(
        (r) => {
          if (!live) return;
          setResults(r);
          setError(undefined);
        },
        (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, query, refreshKey]);
  const dateFormat = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <section className="history" aria-label={t('history')}>
      <input
        type="search"
        className="history-search"
        aria-label={t('searchHistory')}
        placeholder={t('searchPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {error ? <p className="error">{error}</p> : null}
      {results && results.length === 0 ? (
        <p className="hint">
          {query.trim() ? t('historyNoMatch', { q: query.trim() }) : t('historyEmpty')}
        </p>
      ) : null}
      <ol className="history-list">
        {results?.map((r) => (
          <li key={r.id} className="history-item" data-request-id={r.id}>
            <div className="history-head">
              <span className={`badge status-${r.status}`}>{statusLabel(r.status, t)}</span>
              <strong>{escapeControls(r.title ?? r.key)}</strong>
              <span className="hint">
                {r.source}
                {r.agent ? ` · ${r.agent.name ?? r.agent.id}` : ''}
                {r.resolvedAt ? ` · ${dateFormat.format(r.resolvedAt)}` : ''}
                {r.resolvedBy
                  ? ` · ${r.operator ? t('resolvedBy', { by: r.operator }) : resolverWords(language, r.resolvedBy)}`
                  : ''}
                {r.resolvedOn ? ` · ${t('resolvedOn', { on: r.resolvedOn })}` : ''}
              </span>
            </div>
            <Markdown text={r.prompt} className="history-prompt" />
            {r.status === 'answered' ? (
              <blockquote className="history-answer">
                {r.answer?.text ? r.answer.text : t('emptyAnswer')}
              </blockquote>
            ) : null}
            {r.cancelReason ? <p className="hint">{r.cancelReason}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function statusLabel(status: HitlRequest['status'], t: ReturnType<typeof useI18n>['t']): string {
  return {
    answered: t('statusAnswered'),
    cancelled: t('statusCancelled'),
    expired: t('statusExpired'),
    pending: t('statusPending'),
  }[status];
}
