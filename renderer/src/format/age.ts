import type { MessageKey } from '../i18n/en';
import { translate } from '../i18n/translate';

/** A translate function such as `t` from useI18n. */
export type AgeTranslate = (key: MessageKey, vars?: Record<string, string | number>) => string;

const english: AgeTranslate = (key, vars) => translate('en', key, vars);

/** Short localized age like "now"/"42s"/"5m"/"3h"/"2d" (zh: 刚刚/42秒/5分钟/3小时/2天), via the i18n dictionaries. */
export function formatAge(ms: number, t: AgeTranslate = english): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 5) return t('ageNow');
  if (s < 60) return t('ageSeconds', { n: s });
  const m = Math.floor(s / 60);
  if (m < 60) return t('ageMinutes', { n: m });
  const h = Math.floor(m / 60);
  if (h < 48) return t('ageHours', { n: h });
  return t('ageDays', { n: Math.floor(h / 24) });
}

/** The document title: pending count first so it shows in a narrow tab. */
export function inboxTitle(pendingCount: number, appName: string): string {
  return pendingCount > 0 ? `(${pendingCount}) ${appName}` : appName;
}
