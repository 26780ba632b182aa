import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureRendererBundle, RENDERER_BUDGET_KB } from '../../../bench/lib/renderer-bundle';

const RENDERER = path.resolve(import.meta.dirname, '../../../out/renderer');

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
    const code = popover.initial
      .filter((f) => f.file.endsWith('.js'))
      .map((f) => readFileSync(path.join(RENDERER, f.file), 'utf8'))
      .join('\n');
    expect(code).toContain('early-card'); // the early card's own class: its code is in the first load
    expect(popover.initialGzipKB).toBeLessThanOrEqual(RENDERER_BUDGET_KB.popover);
    for (const app of ['start-app', 'I18nProvider', 'desktop-entry', 'MarkdownView'])
      expect(files).not.toContain(app);
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
