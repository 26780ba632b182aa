import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { measureRendererBundle, RENDERER_BUDGET_KB } from '../../../bench/lib/renderer-bundle';

const RENDERER = path.resolve(import.meta.dirname, '../../../out/renderer');

/** The body of the page's one inline (classic) script. */
function inlineScript(html: string): string {
  const scripts = [...html.matchAll(/<script>([^]*?)<\/script>/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(1);
  return scripts[0]!;
}

describe('the built renderer bundle (out/renderer, after npm run build)', () => {
  const bundle = measureRendererBundle(RENDERER);

  it(`a first load fetches at most ${RENDERER_BUDGET_KB.initial} KB gzipped; the whole bundle is at most ${RENDERER_BUDGET_KB.total} KB`, () => {
    expect(bundle.initialGzipKB).toBeGreaterThan(0);
    expect(bundle.initialGzipKB).toBeLessThanOrEqual(RENDERER_BUDGET_KB.initial);
    expect(bundle.totalGzipKB).toBeLessThanOrEqual(RENDERER_BUDGET_KB.total);
  });

  it(`the desktop popover's page fetches at most ${RENDERER_BUDGET_KB.popover} KB before its first card, never the app`, () => {
    const popover = measureRendererBundle(RENDERER, 'popover.html');
    const files = popover.initial.map((f) => f.file).join(' ');
    // The early card's own class: its code is in the page itself, which counts whole.
    expect(inlineScript(readFileSync(path.join(RENDERER, 'popover.html'), 'utf8'))).toContain(
      'early-card',
    );
    expect(files).toContain('popover.html');
    expect(popover.initialGzipKB).toBeLessThanOrEqual(RENDERER_BUDGET_KB.popover);
    for (const app of ['start-app', 'I18nProvider', 'desktop-entry', 'MarkdownView'])
      expect(files).not.toContain(app);
  });

  it('the popover page allows its one inline script by its sha256 alone (no unsafe-inline) and holds its styles', () => {
    const html = readFileSync(path.join(RENDERER, 'popover.html'), 'utf8');
    const code = inlineScript(html);
    const hash = createHash('sha256').update(code, 'utf8').digest('base64');
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'; img-src/);
    // The styles are in the page: no stylesheet to wait for before the card paints.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(/<style>[^<]*--panel:/);
    // The app's entry is only named in the page: its inline script loads it after the card.
    expect(html).toMatch(/<link rel="hitl-app-entry" href="\.\/assets\/popover-[\w-]+\.js">/);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
  });

  it('markdown, zod, the desktop views and the other views load later, not on a first load', () => {
    const firstLoad = bundle.initial
      .filter((f) => f.file.endsWith('.js'))
      .map((f) => readFileSync(path.join(RENDERER, f.file), 'utf8'))
      .join('\n');
    expect(firstLoad).not.toMatch(/micromark/); // react-markdown + remark-gfm
    expect(firstLoad).not.toMatch(/\$ZodObject/); // zod
    // The lazily loaded views are referenced only through dynamic imports.
    for (const view of ['HistoryView', 'RunsView', 'RulesView', 'desktop-entry', 'MarkdownView'])
      expect(bundle.initial.map((f) => f.file).join(' ')).not.toContain(view);
    expect(bundle.all.map((f) => f.file).join(' ')).toMatch(/HistoryView-.*\.js/);
  });

  it('ships no dev preview and no fake inbox client (test and preview code stay out of out/renderer)', () => {
    const files = bundle.all.map((f) => f.file);
    expect(files.length).toBeGreaterThan(0);
    expect(files.join(' ')).not.toMatch(/preview|fake/i);
    const code = files
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(RENDERER, f), 'utf8'))
      .join('\n');
    // Literals only the preview's fake data holds.
    expect(code).not.toContain('review-step-3');
    expect(code).not.toContain('Question **');
  });
});
