import type { HitlRequest } from '@contract/request';
import { formatCountdown } from '../format/duration';
import { useI18n } from '../i18n/I18nProvider';
import { timeLeft, urgencyOf } from '../state/urgency';

/**
 * The live time left before a request expires ("4:05 left"); it turns urgent (colour, icon and
 * the words "Urgent: …" for screen readers) under a minute or 10 % of the wait. Nothing without
 * a deadline.
 */
export function Countdown({ request, now }: { request: HitlRequest; now: number }) {
  const { t } = useI18n();
  const left = timeLeft(request, now);
  if (left === undefined) return null;
  const urgent = urgencyOf(request, now) === 'urgent';
  const time = formatCountdown(left, t);
  return (
    <time
      className={urgent ? 'countdown urgent' : 'countdown'}
      dateTime={new Date(request.expiresAt!).toISOString()}
      aria-label={t(urgent ? 'countdownUrgent' : 'countdownLabel', { time })}
      title={t(urgent ? 'countdownUrgent' : 'countdownLabel', { time })}
      data-urgent={urgent || undefined}
    >
      {urgent ? '⚠ ' : ''}
      {t('countdownLeft', { time })}
    </time>
  );
}
