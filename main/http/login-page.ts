/** Why the login page is shown: no session yet, or a link that was used or has expired. */
export type LoginPageReason = 'no-session' | 'used-link';

const TEXT: Record<LoginPageReason, { title: string; lead: string }> = {
  'no-session': {
    title: 'Log in to HITL Broker',
    lead: 'This inbox answers for the operator, so it opens only from a login link.',
  },
  'used-link': {
    title: 'This login link no longer works',
    lead: 'A login link works once, for a few minutes. Get a fresh one:',
  },
};

/**
 * The short page a browser without a login session gets instead of the inbox: how to get a
 * login link. Static text only (no script, nothing from the request), light and dark.
 */
export function loginPageHtml(reason: LoginPageReason): string {
  const { title, lead } = TEXT[reason];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<style>
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--fg:#1d2330;--muted:#5a6272;--line:#d9dde4;--code:#eef1f5}
@media (prefers-color-scheme:dark){:root{--bg:#15181e;--card:#1e232b;--fg:#e6e9ef;--muted:#a3abb9;--line:#343b47;--code:#2a303a}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:34rem;margin:1.5rem;padding:1.75rem 2rem;background:var(--card);border:1px solid var(--line);border-radius:12px}
h1{font-size:1.3rem;margin:0 0 .5rem}p{margin:.5rem 0;color:var(--muted)}
ol{padding-left:1.25rem;margin:.75rem 0}li{margin:.5rem 0}
code{background:var(--code);padding:.1rem .35rem;border-radius:5px;font-size:.92em;overflow-wrap:anywhere}
</style></head>
<body><main>
<h1>${title}</h1>
<p>${lead}</p>
<ol>
<li>In a terminal, as the operator: <code>clarity-hitl open</code> prints a fresh login link (and opens it).</li>
<li>Or use the link <code>clarity-hitl serve</code> printed when it started.</li>
<li>In the desktop app: <b>Open in browser</b> from the tray menu logs this browser in.</li>
</ol>
<p>Agents never need this: they ask through their own protocols. See docs/security.md.</p>
</main></body></html>
`;
}
