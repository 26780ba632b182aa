import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { MessageKey } from './en';
import { languageFor, translate, LANGUAGES, type Language } from './translate';

interface I18nValue {
  language: Language;
  setLanguage: (language: Language) => void;
  t: (key: MessageKey, vars?: Record<string, string | number>) => string;
}

const STORAGE_KEY = 'hitl.language';
const I18nContext = createContext<I18nValue | undefined>(undefined);

function initialLanguage(): Language {
  const stored = safeStorage()?.getItem(STORAGE_KEY);
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  return languageFor(navigator.language);
}

/** Provides the UI language (system language unless the operator picked one) and `t`. */
export function I18nProvider({
  children,
  language: forced,
}: {
  children: ReactNode;
  language?: Language;
}) {
  const [language, setLanguageState] = useState<Language>(() => forced ?? initialLanguage());
  const setLanguage = useCallback((next: Language) => {
    setLanguageState(next);
    safeStorage()?.setItem(STORAGE_KEY, next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);
  const value = useMemo<I18nValue>(
    () => ({ language, setLanguage, t: (key, vars) => translate(language, key, vars) }),
    [language, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The current language and its translate function. */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n needs an <I18nProvider>');
  return value;
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
