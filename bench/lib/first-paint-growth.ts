import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { linePlotSvg } from './line-plot-svg';
import { ROOT } from '../../test/support/load/project';
import { round } from '../../test/support/load/stats';

/** What one cold load of the inbox took (ms from navigation start; medians when aggregated). */
export interface ColdLoad {
  /** Navigation start → two frames after the first question text is in the DOM. */
  paint: number;
  /** → the app's own (React) list is in the DOM. */
  app: number;
  /** → the whole list is loaded (the inbox fetches the rest of a paged snapshot after its first paint; its list is `aria-busy` until then). */
  whole: number;
}

/** The first-paint figure at one size of the growth curve. */
export interface PaintAtSize extends ColdLoad {
  pending: number;
  /** The static list's first paint, loaded interleaved with these. */
  floor: number;
  /** Seconds from spawn until all were pending, and then until the broker was idle. */
  startSeconds: number;
  settleSeconds: number;
}

/** One size of bench/results/first-paint-growth.json. */
export interface GrowthRow {
  pending: number;
  staticListMs: number;
  firstPaintMs: number;
  appListMs: number;
  wholeListMs: number;
}

/** The growth curve as an SVG plot (log x): first paint, app list, whole list, static list. */
export function growthSvg(sizes: GrowthRow[], loads: number): string {
  const line = (key: keyof GrowthRow) => sizes.map((r): [number, number] => [r.pending, r[key]]);
  return linePlotSvg(
    [
      { label: 'first question painted', color: '#1f6feb', points: line('firstPaintMs') },
      { label: 'app list rendered', color: '#059669', points: line('appListMs') },
      { label: 'whole list loaded', color: '#d97706', points: line('wholeListMs') },
      { label: 'static HTML list', color: '#6b7280', dashed: true, points: line('staticListMs') },
    ],
    {
      title: 'Web UI first paint vs pending requests (Chromium, cold loads)',
      xLabel: 'pending requests (log scale)',
      yLabel: `ms from navigation start (median of ${loads})`,
      logX: true,
    },
  );
}

/** bench/results/first-paint-growth.{json,svg}: first paint and whole list at every size. */
export async function writeGrowth(rows: PaintAtSize[], loads: number): Promise<string> {
  const dir = join(ROOT, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'first-paint-growth.json');
  const data = {
    generatedAt: new Date().toISOString(),
    loadsPerSize: loads,
    sizes: rows.map((r) => ({
      pending: r.pending,
      staticListMs: round(r.floor),
      firstPaintMs: round(r.paint),
      appListMs: round(r.app),
      wholeListMs: round(r.whole),
      brokerStartSeconds: round(r.startSeconds),
      brokerSettleSeconds: round(r.settleSeconds),
    })),
  };
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  const svg = growthSvg(data.sizes, loads);
  await writeFile(file.replace(/\.json$/, '.svg'), svg);
  return file;
}
