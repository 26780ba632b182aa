import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NotAvailableError, type Benchmark } from '../lib/figure';
import { ROOT } from '../../test/support/load/project';
import {
  helloReactGzipKB,
  measureRendererBundle,
  RENDERER_BUDGET_KB,
} from '../lib/renderer-bundle';
import { withTempDir } from '../../test/support/load/temp';

const BASELINE = 'hello-world React app, same Vite, gzipped';

/**
 * The built renderer's weight (out/renderer, gzip -9): what a cold load fetches before the app
 * can paint, and the whole bundle with its lazy chunks, against their budgets.
 */
export const rendererBundle: Benchmark = {
  title: 'renderer bundle size',
  specs: [
    {
      id: 'ui.bundle.initial',
      name: 'renderer bundle: first load (entry + static imports + preloads + CSS), gzipped',
      unit: 'KB',
      target: { op: '<=', value: RENDERER_BUDGET_KB.initial },
      baselineLabel: BASELINE,
    },
    {
      id: 'ui.bundle.popover',
      name: 'desktop popover page (popover.html): first load before its first card, gzipped',
      unit: 'KB',
      target: { op: '<=', value: RENDERER_BUDGET_KB.popover },
      baselineLabel: BASELINE,
    },
    {
      id: 'ui.bundle.total',
      name: 'renderer bundle: every asset (lazy chunks too), gzipped',
      unit: 'KB',
      target: { op: '<=', value: RENDERER_BUDGET_KB.total },
      baselineLabel: BASELINE,
    },
  ],
  async run() {
    const dir = join(ROOT, 'out', 'renderer');
    if (!existsSync(join(dir, 'index.html')))
      throw new NotAvailableError('no built renderer (out/renderer/index.html): run npm run build');
    const bundle = measureRendererBundle(dir);
    const popover = measureRendererBundle(dir, 'popover.html');
    const floor = await withTempDir('hello-react', (tmp) => helloReactGzipKB(ROOT, tmp));
    const top = (files: typeof bundle.all) =>
      files
        .slice(0, 4)
        .map(
          (f) =>
            `${f.file.replace(/^assets\//, '').replace(/-[\w-]{8}\./, '.')} ${(f.gzipBytes / 1000).toFixed(1)}`,
        )
        .join(', ');
    return {
      'ui.bundle.initial': {
        value: bundle.initialGzipKB,
        baseline: floor,
        note: `${bundle.initial.length} files; biggest (KB gz): ${top(bundle.initial)}`,
      },
      'ui.bundle.popover': {
        value: popover.initialGzipKB,
        baseline: floor,
        note: `${popover.initial.length} files; biggest (KB gz): ${top(popover.initial)}`,
      },
      'ui.bundle.total': {
        value: bundle.totalGzipKB,
        baseline: floor,
        note: `${bundle.all.length} files; biggest (KB gz): ${top(bundle.all)}`,
      },
    };
  },
};
