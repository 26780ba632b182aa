import { useEffect, useState } from 'react';
import { useI18n } from './I18nProvider';

/** The reasons' translations, loaded on the first card that shows one in Chinese. */
let translate: ((why: string, language: 'en' | 'zh') => string) | undefined;

/**
 * A function giving a broker-made reason on a permission card (`noAlways`, `noEdit`, `noReason`)
 * in the operator's language. English needs nothing; for Chinese the translations load on first
 * use (they stay out of the first load), the English showing until they are in.
 */
export function useCardReason(): (why: string) => string {
  const { language } = useI18n();
  const [, loaded] = useState(0);
  useEffect(() => {
    if (language !== 'en' && !translate)
      void import('@contract/scope-reason').then((m) => {
        translate = m.localizedReason;
        loaded(1);
      });
  }, [language]);
  return (why) => translate?.(why, language) ?? why;
}
