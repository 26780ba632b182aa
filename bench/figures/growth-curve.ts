import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startEchoServer } from '../lib/baselines';
import { hasBuiltCli } from '../lib/built-cli';
import { lastByteMs } from '../lib/last-byte';
import { rssOf } from '../../test/support/load/child';
import type { Benchmark, FigureSpec, Measurement } from '../lib/figure';
import { loopbackAgent, request } from '../../test/support/load/http-client';
import { ROOT } from '../../test/support/load/project';
import { writeQuestionFiles } from '../lib/questions';
import { bareReadStartup, startBuiltServe } from '../lib/serve-startup';
import { median, mib } from '../../test/support/load/stats';
import { growthSvg } from '../lib/svg-plot';
import { withTempDir } from '../../test/support/load/temp';

/** Sizes of the curve (pending requests), e.g. BENCH_GROWTH_SIZES=1000,10000 for a quick run. */
const SIZES = (process.env.BENCH_GROWTH_SIZES ?? '1000,10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const LARGEST = Math.max(...SIZES);
/** The size the largest is compared with for "linear or better" (the one before it). */
const REFERENCE = [...SIZES].sort((a, b) => a - b).at(-2) ?? LARGEST;
const SETTLE_MS = 1000;
export const GROWTH_SVG = join(ROOT, 'bench', 'results', 'growth-curve.svg');

interface Point {
  size: number;
  start: number;
  bareStart: number;
  list: number;
  echoList: number;
  rss: number;
  bareRss: number;
}

const n = (size: number) => size.toLocaleString('en-US');

function specsFor(size: number): FigureSpec[] {
  const largest = size === LARGEST && size >= 100_000;
  return [
    {
      id: `growth.start.${size}`,
      name: `growth, ${n(size)} pending: built serve, spawn → all pending (SSE)`,
      unit: 'ms',
      ...(largest ? { target: { op: '<=', value: 5000 } } : {}),
      baselineLabel: 'plain node: spawn, read+parse all',
    },
    {
      id: `growth.list.${size}`,
      name: `growth, ${n(size)} pending: GET /questions → last byte, median`,
      unit: 'ms',
      baselineLabel: 'node:http serving the same JSON',
    },
    {
      id: `growth.rss.${size}`,
      name: `growth, ${n(size)} pending: RSS of built serve, 1 s after all pending`,
      unit: 'MB',
      ...(largest ? { target: { op: '<=', value: 400 } } : {}),
      baselineLabel: 'plain node read+parse all, peak',
    },
  ];
}

const LINEAR: Array<['start' | 'list' | 'rss', string]> = [
  ['start', 'start-up'],
  ['list', 'GET /questions'],
  ['rss', 'RSS'],
];

/** The same-run floor each cost is drawn beside. */
const FLOOR_OF: Record<'start' | 'list' | 'rss', keyof Point> = {
  start: 'bareStart',
  list: 'echoList',
  rss: 'bareRss',
};

/** Start-up, list and RSS at one size, each beside its floor. */
async function measure(size: number): Promise<Point> {
  return withTempDir(`growth-${size}`, async (dir) => {
    await writeQuestionFiles(dir, size);
    const bare = await bareReadStartup(dir, size);
    const serve = await startBuiltServe(dir, size);
    const echo = await startEchoServer();
    const agent = loopbackAgent();
    try {
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const rss = rssOf(serve.proc.child.pid!);
      const samples = size >= 100_000 ? 5 : 15;
      const first = await request(`${serve.proc.url}/questions`, { agent });
      if (!Array.isArray(first.json) || first.json.length < size)
        throw new Error(`GET /questions listed ${String((first.json as unknown[])?.length)}`);
      echo.listBody = first.json;
      const times: number[] = [];
      const echoTimes: number[] = [];
      for (let i = 0; i < samples; i++) {
        echoTimes.push(await lastByteMs(`${echo.url}/list`, agent));
        times.push(await lastByteMs(`${serve.proc.url}/questions`, agent));
      }
      return {
        size,
        start: serve.ms,
        bareStart: bare.ms,
        list: median(times),
        echoList: median(echoTimes),
        rss: mib(rss),
        bareRss: mib(bare.peakRss),
      };
    } finally {
      agent.destroy();
      await echo.close();
      await serve.stop();
    }
  });
}

function plot(points: Point[]): string {
  const xs = points.map((p) => p.size);
  const line = (key: keyof Point) => points.map((p): [number, number] => [p.size, p[key]]);
  return growthSvg(
    'HITL Broker: cost as pending requests grow (built serve; dashed: same-run floor)',
    xs,
    [
      {
        title: 'start-up, spawn → all pending',
        yLabel: 'ms (log)',
        series: [
          { label: 'broker', color: '#c0392b', points: line('start') },
          { label: 'read+parse', color: '#7f8c8d', points: line('bareStart'), dashed: true },
        ],
      },
      {
        title: 'GET /questions → last byte, median',
        yLabel: 'ms (log)',
        series: [
          { label: 'broker', color: '#2471a3', points: line('list') },
          {
            label: 'node:http same JSON',
            color: '#7f8c8d',
            points: line('echoList'),
            dashed: true,
          },
        ],
      },
      {
        title: 'RSS after start-up',
        yLabel: 'MB (log)',
        series: [
          { label: 'broker', color: '#1e8449', points: line('rss') },
          { label: 'read+parse peak', color: '#7f8c8d', points: line('bareRss'), dashed: true },
        ],
      },
    ],
  );
}

/**
 * The broker's cost as its work grows (issue 16): start-up, GET /questions and RSS of the built
 * `serve` at each size, beside the same-run floor, plus "linear or better" checks (cost per
 * pending request at the largest size over that at the size before), and an SVG plot in
 * bench/results/growth-curve.svg.
 */
export const growthCurve: Benchmark = {
  title: 'growth curve',
  specs: [
    ...SIZES.flatMap(specsFor),
    ...LINEAR.map(([key, label]) => ({
      id: `growth.linear.${key}`,
      name: `growth: ${label} per pending at ${n(LARGEST)} over at ${n(REFERENCE)} (1 = linear)`,
      unit: '×',
      target: { op: '<=' as const, value: 1.2 },
    })),
  ],
  async run() {
    if (!hasBuiltCli()) return {};
    const points: Point[] = [];
    for (const size of SIZES) points.push(await measure(size));
    const out: Record<string, Measurement> = {};
    for (const p of points) {
      out[`growth.start.${p.size}`] = { value: p.start, baseline: p.bareStart };
      out[`growth.list.${p.size}`] = {
        value: p.list,
        baseline: p.echoList,
        note: 'request sent → last byte in, body not parsed (parsing is the client’s cost)',
      };
      out[`growth.rss.${p.size}`] = { value: p.rss, baseline: p.bareRss };
    }
    const big = points.find((p) => p.size === LARGEST)!;
    const ref = points.find((p) => p.size === REFERENCE)!;
    for (const [key] of LINEAR) {
      const perBig = (big[key] as number) / big.size;
      const perRef = (ref[key] as number) / ref.size;
      const floor = FLOOR_OF[key];
      const floorGrowth = (big[floor] as number) / big.size / ((ref[floor] as number) / ref.size);
      out[`growth.linear.${key}`] = {
        value: perBig / perRef,
        note: `${(big[key] as number).toFixed(1)} at ${n(big.size)} vs ${(ref[key] as number).toFixed(1)} at ${n(ref.size)}; the floor's own growth per pending ${floorGrowth.toFixed(2)}×; plot: bench/results/growth-curve.svg`,
      };
    }
    await writeFile(GROWTH_SVG, plot(points));
    return out;
  },
};
