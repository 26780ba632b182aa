import { useCallback, useEffect, useRef, useState } from 'react';
import type { HitlRequest } from '../../../main/broker/request';
import { escapeControls } from '../../../main/broker/printable';
import { formatDuration } from '../format/duration';
import { promptPreview } from '../format/prompt-preview';
import type { AgeTranslate } from '../format/age';
import type { MessageKey } from '../i18n/en';
import { useI18n } from '../i18n/I18nProvider';
import type { Departure } from '../state/inbox-state';
import type { Notice } from './Notices';

/**
 * Turns requests leaving the inbox into notices: "answer sent" for ones this window resolved,
 * "answered elsewhere" (cancelled, expired) for the rest, so a card never vanishes silently.
 */
export function useDepartureNotices(departures: readonly Departure[]) {
  const { t } = useI18n();
  const mine = useRef(new Set<string>());
  /** Ours, from a bulk deny/cancel: reported once as a whole, not one notice each. */
  const quiet = useRef(new Set<string>());
  const seen = useRef(0);
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => {
    const fresh = departures.filter((d) => d.n > seen.current);
    if (!fresh.length) return;
    seen.current = fresh.at(-1)!.n;
    const added = fresh.flatMap((d): Notice[] => {
      if (quiet.current.delete(d.request.id)) {
        mine.current.delete(d.request.id);
        return [];
      }
      const { id, key, status } = d.request;
      const ours = mine.current.delete(id);
      const message: MessageKey = d.gone
        ? 'noticeGone'
        : ours
          ? status === 'answered'
            ? 'noticeSentAnswer'
            : 'noticeSentCancel'
          : status === 'answered'
            ? 'noticeAnswered'
            : status === 'cancelled'
              ? 'noticeCancelled'
              : 'noticeExpired';
      return [
        {
          id: d.n,
          text:
            message === 'noticeExpired'
              ? expiryNotice(d.request, t)
              : t(message, { key: d.request.title ?? key }),
          tone: ours ? 'success' : 'info',
        },
      ];
    });
    if (added.length) setNotices((n) => [...n, ...added].slice(-5));
  }, [departures, t]);
  const dismiss = useCallback((id: number) => setNotices((n) => n.filter((x) => x.id !== id)), []);
  const onResolving = useCallback((id: string, bulk = false) => {
    mine.current.add(id);
    if (bulk) quiet.current.add(id);
  }, []);
  const onResolveFailed = useCallback((id: string) => {
    mine.current.delete(id);
    quiet.current.delete(id);
  }, []);
  return { notices, dismiss, onResolving, onResolveFailed };
}

/** "“key” expired after 5 min, agent X: first line", so the operator knows what they missed. */
export function expiryNotice(request: HitlRequest, t: AgeTranslate): string {
  const end = request.resolvedAt ?? request.expiresAt ?? request.createdAt;
  const vars = {
    key: escapeControls(request.title ?? request.key),
    wait: formatDuration(end - request.createdAt, t),
    line: escapeControls(promptPreview(request.prompt, 80)),
  };
  return request.agent
    ? t('noticeExpiredAfter', {
        ...vars,
        agent: escapeControls(request.agent.name ?? request.agent.id),
      })
    : t('noticeExpiredAfterNoAgent', vars);
}
