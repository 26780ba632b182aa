/** Why the login page is shown: no session yet, or a link that was used or has expired. */
export type LoginPageReason = 'no-session' | 'used-link';

/** The login page's languages: the inbox's (English, Simplified Chinese). */
export type LoginPageLanguage = 'en' | 'zh';

interface LoginWords {
  titles: Record<LoginPageReason, { title: string; lead: string }>;
  /** The ways to a login link, each a line of HTML (static text only). */
  steps: string[];
  footer: string;
}

const WORDS: Record<LoginPageLanguage, LoginWords> = {
  en: {
    titles: {
      'no-session': {
        title: 'Log in to HITL Broker',
        lead: 'This inbox answers for the operator, so it opens only from a login link.',
      },
      'used-link': {
        title: 'This login link no longer works',
        lead: 'A login link works once, for a few minutes. Get a fresh one:',
      },
    },
    steps: [
      'In a terminal, as the operator: <code>clarity-hitl open</code> prints a fresh login link (and opens it).',
      'Or use the link <code>clarity-hitl serve</code> printed when it started.',
      'In the desktop app: <b>Open in browser</b> from the tray menu logs this browser in.',
    ],
    footer: 'Agents never need this: they ask through their own protocols. See docs/security.md.',
  },
  zh: {
    titles: {
      'no-session': {
        title: '登录 HITL Broker',
        lead: '此收件箱代表操作员作答，因此只能通过登录链接打开。',
      },
      'used-link': {
        title: '此登录链接已失效',
        lead: '登录链接只能使用一次，且几分钟内有效。请获取新的链接：',
      },
    },
    steps: [
      '在终端中以操作员身份运行 <code>clarity-hitl open</code>：它会打印（并打开）新的登录链接。',
      '或使用 <code>clarity-hitl serve</code> 启动时打印的链接。',
      '在桌面应用中：托盘菜单里的<b>在浏览器中打开</b>会让此浏览器登录。',
    ],
    footer: '智能体永远不需要登录：它们通过各自的协议提问。参见 docs/security.md。',
  },
};

/**
 * The login page's language from the browser's Accept-Language: Chinese when its first choice
 * is (zh, zh-CN, ...), English otherwise.
 */
export function loginPageLanguage(acceptLanguage: string | undefined): LoginPageLanguage {
  return /^\s*zh\b/i.test(acceptLanguage ?? '') ? 'zh' : 'en';
}

/**
 * The short page a browser without a login session gets instead of the inbox: how to get a
 * login link, in the browser's language. Static text only (no script, nothing from the request
 * but the language), light and dark.
 */
export function loginPageHtml(reason: LoginPageReason, language: LoginPageLanguage = 'en'): string {
  const words = WORDS[language];
  const { title, lead } = words.titles[reason];
  return `<!doctype html>
<html lang="${language === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<style>
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--fg:#1d2330;--muted:#5a6272;--line:#d9dde4;--code:#eef1f5}
@media (prefers-color-scheme:dark){:root{--bg:#15181e;--card:#1e232b;--fg:#e6e9ef;--muted:#a3abb9;--line:#343b47;--code:#2a303a}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif}
main{max-width:34rem;margin:1.5rem;padding:1.75rem 2rem;background:var(--card);border:1px solid var(--line);border-radius:12px}
h1{font-size:1.3rem;margin:0 0 .5rem}p{margin:.5rem 0;color:var(--muted)}
ol{padding-left:1.25rem;margin:.75rem 0}li{margin:.5rem 0}
code{background:var(--code);padding:.1rem .35rem;border-radius:5px;font-size:.92em;overflow-wrap:anywhere}
</style></head>
<body><main>
<h1>${title}</h1>
<p>${lead}</p>
<ol>
${words.steps.map((step) => `<li>${step}</li>`).join('\n')}
</ol>
<p>${words.footer}</p>
</main></body></html>
`;
}
