import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { HitlRequest } from '@contract/request';
import { escapeControls } from '@contract/printable';
import { formatDuration } from '../format/duration';
import { rowPreview } from '../format/row-preview';
import type { AgeTranslate } from '../format/age';
import { appDraftStore } from '../drafts/app-drafts';
import type { DraftStore } from '../drafts/draft-store';
import type { MessageKey } from '../i18n/en';
import { useI18n } from '../i18n/I18nProvider';
import type { Departure } from '../state/inbox-state';
import type { Notice } from './Notices';

/** A request resolved elsewhere whose card stays until the operator dismisses it. */
export interface HeldCard {
  /** As it left (for `gone`, as last seen). */
  request: HitlRequest;
  /** It vanished while this page was away: how is not known. */
  gone: boolean;
}

/**
 * Turns requests leaving the inbox into notices: "answer sent" for ones this window resolved,
 * "answered elsewhere" (cancelled, expired) for the rest, so a card never vanishes silently.
 * A request resolved elsewhere while the operator had a draft for it (was typing) is kept as a
 * held card, the draft with it, until dismissed.
 */
export function useDepartureNotices(
  departures: readonly Departure[],
  drafts: DraftStore = appDraftStore(),
) {
  const { t } = useI18n();
  const mine = useRef(new Set<string>());
  const seen = useRef(0);
  /** Ours, from a bulk deny/cancel: reported once as a whole, not one notice each. */
  const quiet = useRef(new Set<string>());
  /** Requests that left while our own answer was in flight, until that call settles. */
  const oursLeft = useRef(new Map<string, Departure>());
  const store = useRef(drafts);
  store.current = drafts;
  const [notices, setNotices] = useState<Notice[]>([]);
  const [held, setHeld] = useState<HeldCard[]>([]);
  useEffect(() => {
    const fresh = departures.filter((d) => d.n > seen.current);
    if (!fresh.length) return;
    seen.current = fresh.at(-1)!.n;
    const drafts = store.current;
    const kept: HeldCard[] = [];
    const added = fresh.flatMap((d): Notice[] => {
      if (quiet.current.delete(d.request.id)) {
        mine.current.delete(d.request.id);
        // Bulk-resolved by the operator: a draft on it is moot (kept, it would return on reload).
        drafts.remove(d.request.id);
        return [];
      }
      const { id, key, status } = d.request;
      const ours = mine.current.delete(id);
      // Its draft goes when the answer call succeeds (the card's job): if the call fails after
      // all (someone else won the race), onResolveFailed turns this into a held card.
      if (ours) rememberOurs(oursLeft.current, d);
      else if (drafts.read(id)) kept.push({ request: d.request, gone: !!d.gone });
      const message: MessageKey = d.gone
        ? 'noticeGone'
        : ours
          ? status === 'answered'
            ? 'noticeSentAnswer'
            : d.request.input.kind === 'notice'
              ? 'noticeMarkedDone'
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
    if (kept.length) {
      setHeld((h) => [
        ...h.filter((x) => !kept.some((k) => k.request.id === x.request.id)),
        ...kept,
      ]);
    }
  }, [departures, t]);
  const dismiss = useCallback((id: number) => setNotices((n) => n.filter((x) => x.id !== id)), []);
  const onResolving = useCallback((id: string, bulk = false) => {
    mine.current.add(id);
    if (bulk) quiet.current.add(id);
  }, []);
  const onResolveFailed = useCallback((id: string) => {
    mine.current.delete(id);
    quiet.current.delete(id);
    const left = oursLeft.current.get(id);
    if (!left) return;
    oursLeft.current.delete(id);
    setNotices((n) => n.filter((x) => x.id !== left.n));
    if (store.current.read(id)) {
      setHeld((h) => [
        ...h.filter((x) => x.request.id !== id),
        { request: left.request, gone: !!left.gone },
      ]);
    }
  }, []);
  // Departures the effect has not taken in yet are held in this very render, so the inbox never
  // sees the open card leave for a moment (it would move the selection).
  const arriving = departures.filter(
    (d) =>
      d.n > seen.current &&
      !mine.current.has(d.request.id) &&
      !held.some((h) => h.request.id === d.request.id) &&
      drafts.read(d.request.id) !== undefined,
  );
  const allHeld = useMemo(
    () =>
      arriving.length
        ? [...held, ...arriving.map((d) => ({ request: d.request, gone: !!d.gone }))]
        : held,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `arriving` derives from these
    [held, departures],
  );
  const dismissHeld = useCallback((id: string) => {
    store.current.remove(id);
    setHeld((h) => h.filter((x) => x.request.id !== id));
  }, []);
  /** Held cards brought back after a reload (useKeptDrafts); ones already held stay as they are. */
  const restoreHeld = useCallback((cards: readonly HeldCard[]) => {
    setHeld((h) => [...h, ...cards.filter((c) => !h.some((x) => x.request.id === c.request.id))]);
  }, []);
  return {
    notices,
    dismiss,
    onResolving,
    onResolveFailed,
    held: allHeld,
    dismissHeld,
    restoreHeld,
  };
}

/** Keeps the last few departures we took for ours (a late failure may prove otherwise). */
function rememberOurs(map: Map<string, Departure>, departure: Departure): void {
  map.set(departure.request.id, departure);
  while (map.size > 50) map.delete(map.keys().next().value!);
}

/** "“key” expired after 5 min, agent X: first line", so the operator knows what they missed. */
export function expiryNotice(request: HitlRequest, t: AgeTranslate): string {
  const end = request.resolvedAt ?? request.expiresAt ?? request.createdAt;
  const vars = {
    key: escapeControls(request.title ?? request.key),
    wait: formatDuration(end - request.createdAt, t),
    // Not the title's words again (a title taken from the prompt's first line).
    line: escapeControls(rowPreview(request.title, request.prompt, 80)),
  };
  const agent = request.agent ? escapeControls(request.agent.name ?? request.agent.id) : '';
  if (!vars.line)
    return agent ? t('noticeExpiredAgentOnly', { ...vars, agent }) : t('noticeExpiredOnly', vars);
  return agent ? t('noticeExpiredAfter', { ...vars, agent }) : t('noticeExpiredAfterNoAgent', vars);
}
