import type { Resolver } from '@contract/request';
import type { Language } from '../i18n/translate';

const WORDS: Record<Language, Record<Resolver, string>> = {
  en: {
    // The status badge says answered or cancelled: this says only where.
    ui: 'in the inbox',
    cli: 'from the terminal',
    http: 'through the HTTP API',
    auto: 'by a saved rule',
    agent: 'by the agent',
    timeout: 'when its time ran out',
    system: 'by the broker',
  },
  zh: {
    ui: '在收件箱中',
    cli: '在终端中处理',
    http: '通过 HTTP 接口处理',
    auto: '由已保存的规则处理',
    agent: '由智能体处理',
    timeout: '因超时结束',
    system: '由 Broker 处理',
  },
};

/** Who or what resolved a request, in plain words for the operator (never the raw "ui"/"cli"). */
export function resolverWords(language: Language, resolver: Resolver): string {
  return WORDS[language][resolver];
}
