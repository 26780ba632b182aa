import { createHash } from 'node:crypto';
import { build, type Plugin } from 'vite';
import { APP_ENTRY_REL } from '../../contract/popover-page';

export interface InlineEarlyCardOptions {
  /** The page to write into (its file name, e.g. `popover.html`). */
  page: string;
  /** The inline script's source module (bundled on its own, as one classic script). */
  entry: string;
  alias: Record<string, string>;
  define: Record<string, string>;
}

/** `'sha256-…'`: the CSP source that allows exactly this inline script. */
export function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/**
 * Writes `script` into `html` as its inline script (after the root, which it paints beside),
 * allows exactly it in the page's meta CSP by its hash (`script-src 'self' 'sha256-…'`, never
 * 'unsafe-inline'), and puts the stylesheets `css` maps (href → text) inline in place of their
 * links. Throws when the page has no such CSP or root, or a text could end its element early.
 */
export function inlineIntoPage(html: string, script: string, css: Map<string, string>): string {
  if (/<\/script|<!--/i.test(script)) throw new Error('inline script: holds </script or <!--');
  const csp = "script-src 'self'";
  if (!html.includes(`${csp};`)) throw new Error(`inline script: no "${csp};" in the page's CSP`);
  if (!html.includes('<div id="root"></div>')) throw new Error('inline script: no root');
  let out = html.replace(`${csp};`, () => `${csp} ${scriptHash(script)};`);
  out = out.replace(
    '<div id="root"></div>',
    () => `<div id="root"></div><script>${script}</script>`,
  );
  for (const [href, text] of css) {
    if (/<\/style/i.test(text)) throw new Error(`inline style ${href}: holds </style`);
    const link = new RegExp(
      `<link rel="stylesheet"[^>]*href="${href.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}"[^>]*>`,
    );
    if (!link.test(out)) throw new Error(`inline style: no link to ${href}`);
    out = out.replace(link, () => `<style>${text}</style>`);
  }
  return out;
}

/**
 * Takes the page's module entry out of its load: its one `<script type="module" src>` becomes a
 * `<link rel="hitl-app-entry">` naming it (fetched by the inline script once the first card is up)
 * and its modulepreloads go (the entry fetches its imports itself). Throws unless there is
 * exactly one module script.
 */
export function deferAppEntry(html: string): string {
  const scripts = [...html.matchAll(/<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g)];
  if (scripts.length !== 1) throw new Error(`app entry: ${scripts.length} module scripts, not 1`);
  return html
    .replace(scripts[0]![0], () => `<link rel="${APP_ENTRY_REL}" href="${scripts[0]![1]}">`)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * The popover's page (issue 34: a cold open within 2× a static page): its first card's script
 * and its styles go into the page itself, so the card paints and takes focus with the page, with
 * no fetch before it (a static page's one round trip, where it had been seven files). The script
 * is `entry` bundled on its own as one classic script, minified, with its hash in the page's CSP;
 * the page's module entry (which starts the app) is loaded by it after the card (deferAppEntry).
 */
export function inlineEarlyCard(options: InlineEarlyCardOptions): Plugin {
  let target: string | string[] | false = 'es2022';
  return {
    name: 'hitl-inline-early-card',
    apply: 'build',
    configResolved(config) {
      target = config.build.target;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.filename.endsWith(`/${options.page}`)) return html;
        const css = new Map<string, string>();
        for (const [, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="\.\/([^"]+)"/g)) {
          const asset = ctx.bundle?.[href!];
          if (asset?.type !== 'asset') throw new Error(`inline style: ${href} not in the bundle`);
          css.set(`./${href}`, String(asset.source));
        }
        return inlineIntoPage(deferAppEntry(html), await bundleScript(options, target), css);
      },
    },
  };
}

/** `options.entry` as one minified classic script (an IIFE: nothing leaks into the page). */
async function bundleScript(
  options: InlineEarlyCardOptions,
  target: string | string[] | false,
): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: options.alias },
    define: options.define,
    build: {
      write: false,
      minify: true,
      target,
      modulePreload: false,
      rollupOptions: { input: options.entry, output: { format: 'iife' } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: unknown[] }[];
  const files = outputs.flatMap((o) => o.output) as {
    type: string;
    code?: string;
    fileName: string;
  }[];
  if (files.length !== 1 || files[0]!.type !== 'chunk')
    throw new Error(
      `inline script: ${options.entry} must bundle into one script (got ${files.map((f) => f.fileName).join(', ')})`,
    );
  return files[0]!.code!.trim();
}
