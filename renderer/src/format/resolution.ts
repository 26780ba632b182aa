import type { HitlRequest, Resolver } from '@contract/request';
import type { MessageKey } from '../i18n/en';
import type { AgeTranslate } from './age';

const WHERE: Record<Resolver, MessageKey> = {
  ui: 'whereUi',
  cli: 'whereCli',
  http: 'whereHttp',
  auto: 'whereAuto',
  agent: 'whereAgent',
  timeout: 'whereTimeout',
  system: 'whereSystem',
};

/** "2 s ago", "5 min ago", "3 h ago", "just now", in plain words (zh: 2 秒前…). */
export function agoText(ms: number, t: AgeTranslate): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 1) return t('agoNow');
  if (s < 60) return t('agoSeconds', { n: s });
  const m = Math.floor(s / 60);
  if (m < 60) return t('agoMinutes', { n: m });
  const h = Math.floor(m / 60);
  if (h < 48) return t('agoHours', { n: h });
  return t('agoDays', { n: Math.floor(h / 24) });
}

/**
 * How and when a request left, for an operator: "Answered in the terminal 2 s ago", "Cancelled
 * by the agent 1 min ago", "Expired just now". `gone` = it vanished while this page was away, how
 * is not known. Never the internal resolver names ("ui", "cli").
 */
export function resolutionText(
  request: HitlRequest,
  now: number,
  t: AgeTranslate,
  gone = false,
): string {
  if (gone || request.status === 'pending') return t('resolvedGone');
  const ago = agoText(now - (request.resolvedAt ?? now), t);
  if (request.status === 'expired') return t('resolvedExpired', { ago });
  const where = t(request.resolvedBy ? WHERE[request.resolvedBy] : 'whereElsewhere');
  return t(request.status === 'answered' ? 'resolvedAnswered' : 'resolvedCancelled', {
    where,
    ago,
  });
}
