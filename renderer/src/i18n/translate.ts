import { en, type Dictionary, type MessageKey } from './en';
import { zh } from './zh';

export type Language = 'en' | 'zh';
export const LANGUAGES: readonly Language[] = ['en', 'zh'];
const DICTIONARIES: Record<Language, Dictionary> = { en, zh };

/** The UI language for a BCP 47 tag such as navigator.language: any Chinese tag → zh, else en. */
export function languageFor(tag: string | undefined): Language {
  return tag?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** Looks up `key` in `language` and fills `{name}` placeholders from `vars`. */
export function translate(
  language: Language,
  key: MessageKey,
  vars?: Record<string, string | number>,
): string {
  const template = DICTIONARIES[language][key];
  return vars
    ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
    : template;
}
