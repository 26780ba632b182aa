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
      const { id } = d.request;
      const ours = mine.current.delete(id);
      // Its draft goes when the answer call succeeds (the card's job): if the call fails after
      // all (someone else won the race), onResolveFailed turns this into a held card.
      if (ours) rememberOurs(oursLeft.current, d);
      else if (drafts.read(id)) kept.push({ request: d.request, gone: !!d.gone });
      return [departureNotice(d, ours, t)];
    });
    if (added.length) setNotices((n) => [...n, ...added].slice(-5));
    if (kept.length) setHeld((h) => withHeld(h, kept));
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
      setHeld((h) => withHeld(h, [{ request: left.request, gone: !!left.gone }]));
    }
  }, []);
  const allHeld = useArrivingHeld(departures, held, (d) => {
    const id = d.request.id;
    return d.n > seen.current && !mine.current.has(id) && drafts.read(id) !== undefined;
  });
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

/** Which notice a departure gets: ours (sent, marked done) or someone else's doing. */
function departureMessage(d: Departure, ours: boolean): MessageKey {
  if (d.gone) return 'noticeGone';
  const { status } = d.request;
  if (ours) {
    if (status === 'answered') return 'noticeSentAnswer';
    return d.request.input.kind === 'notice' ? 'noticeMarkedDone' : 'noticeSentCancel';
  }
  if (status === 'answered') return 'noticeAnswered';
  return status === 'cancelled' ? 'noticeCancelled' : 'noticeExpired';
}

/** The notice for a departure (an expiry says what the operator missed). */
function departureNotice(d: Departure, ours: boolean, t: AgeTranslate): Notice {
  const message = departureMessage(d, ours);
  return {
    id: d.n,
    text:
      message === 'noticeExpired'
        ? expiryNotice(d.request, t)
        : t(message, { key: d.request.title ?? d.request.key }),
    tone: ours ? 'success' : 'info',
  };
}

/** `held` with `cards` added, each replacing the one held for the same request. */
function withHeld(held: HeldCard[], cards: HeldCard[]): HeldCard[] {
  return [...held.filter((x) => !cards.some((k) => k.request.id === x.request.id)), ...cards];
}

/**
 * `held` plus the departures the effect has not taken in yet that it will hold (`willHold`), so
 * the inbox never sees the open card leave for a moment (it would move the selection).
 */
function useArrivingHeld(
  departures: readonly Departure[],
  held: HeldCard[],
  willHold: (d: Departure) => boolean,
): HeldCard[] {
  const arriving = departures.filter(
    (d) => willHold(d) && !held.some((h) => h.request.id === d.request.id),
  );
  return useMemo(
    () =>
      arriving.length
        ? [...held, ...arriving.map((d) => ({ request: d.request, gone: !!d.gone }))]
        : held,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `arriving` derives from these
    [held, departures],
  );
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
