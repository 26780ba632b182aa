import type { AgeTranslate } from './age';

/** A wait or countdown as "45 s", "4:05", "5 min", "2 h 10 min" (zh: 45 秒 / 5 分钟 …). */
export function formatCountdown(ms: number, t: AgeTranslate): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return t('durationSeconds', { n: s });
  if (s < 600) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  // Whole minutes down, so "59 min" is shown until the hour has really gone by.
  return formatDuration(Math.floor(ms / 60_000) * 60_000, t);
}

/** A length of time in whole units: "45 s", "5 min", "2 h 10 min", "3 d". */
export function formatDuration(ms: number, t: AgeTranslate): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return t('durationSeconds', { n: s });
  const m = Math.round(s / 60);
  if (m < 60) return t('durationMinutes', { n: m });
  const h = Math.floor(m / 60);
  if (h < 48) {
    const rest = m % 60;
    return rest
      ? `${t('durationHours', { n: h })} ${t('durationMinutes', { n: rest })}`
      : t('durationHours', { n: h });
  }
  return t('durationDays', { n: Math.floor(h / 24) });
}
