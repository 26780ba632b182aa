import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startEchoServer } from '../lib/baselines';
import { launchChromium } from '../../test/support/load/browser';
import { NotAvailableError, type Benchmark, type Measurement } from '../lib/figure';
import { writeGrowth, type ColdLoad, type PaintAtSize } from '../lib/first-paint-growth';
import { ROOT } from '../../test/support/load/project';
import { writeQuestionFiles } from '../lib/questions';
import { startServiceProcess } from '../../test/support/load/service';
import { waitForIdleProcess } from '../lib/process-idle';
import { SseClient } from '../../test/support/load/sse-client';
import { median } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';
import { OPERATOR_COOKIE } from '../../main/http/guards/operator-credentials';
import { sessionValue } from '../../main/http/guards/token-auth';
import { readOperatorSecret } from '../../main/service/operator-secret';

const PENDING = Number(process.env.BENCH_PENDING ?? 10_000);
/** The growth curve's sizes (BENCH_PAINT_SIZES=1000,10000,100000); PENDING is always one. */
const SIZES = [
  ...new Set(
    (process.env.BENCH_PAINT_SIZES ?? `1000,${PENDING},100000`)
      .split(',')
      .map(Number)
      .filter((n) => n > 0)
      .concat(PENDING),
  ),
].sort((a, b) => a - b);
// Nine cold loads: on two shared cores single loads swing by ±150 ms; the median of nine holds.
const LOADS = Number(process.env.BENCH_PAINT_LOADS ?? 9);
const MARK = 'bench-q-';

/**
 * Runs in the page before any app script (a string: this file is compiled without DOM types):
 * records when the first question text is in the DOM, and two frames later (painted).
 */
const PROBE = `(() => {
  const observer = new MutationObserver(() => {
    if (window.__cardDom !== undefined || !document.body || !document.body.textContent.includes(${JSON.stringify(MARK)})) return;
    window.__cardDom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => { window.__cardPaint = performance.now(); }));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  const app = new MutationObserver(() => {
    if (!document.querySelector('[role=listbox]')) return;
    window.__appList = performance.now();
    app.disconnect();
  });
  app.observe(document, { childList: true, subtree: true });
})();`;

/**
 * One cold load of `url` in a fresh context; `app` and `whole` are NaN for the static page. With
 * `operatorSecret` the context holds the operator's session cookie first, as a browser that has
 * opened the login link once does (the inbox is the operator's; without it, the login page).
 */
async function coldLoad(
  browser: Browser,
  url: string,
  isApp: boolean,
  operatorSecret?: string,
): Promise<ColdLoad> {
  const context = await browser.newContext();
  try {
    if (operatorSecret)
      await context.addCookies([
        { name: OPERATOR_COOKIE, value: sessionValue(operatorSecret, Date.now()), url },
      ]);
    const page = await context.newPage();
    await page.addInitScript({ content: PROBE });
    await page.goto(url, { waitUntil: 'commit' });
    const read = (name: string) =>
      page.evaluate((n) => Number((globalThis as Record<string, unknown>)[n]), name);
    // Function predicates (not strings): the app's CSP forbids eval.
    await page.waitForFunction(
      () => (globalThis as Record<string, unknown>).__cardPaint !== undefined,
      undefined,
      { timeout: 30_000 },
    );
    const paint = await read('__cardPaint');
    if (!isApp) return { paint, app: NaN, whole: NaN };
    const whole = await page.waitForFunction(
      () => {
        const doc = (globalThis as { document?: { querySelector(s: string): unknown } }).document;
        return doc?.querySelector('[role=listbox]:not([aria-busy])') ? performance.now() : 0;
      },
      undefined,
      { timeout: 60_000 },
    );
    return { paint, app: await read('__appList'), whole: Number(await whole.jsonValue()) };
  } finally {
    await context.close();
  }
}

/**
 * LOADS cold loads of the inbox at `url`, each right after a cold load of the static list (the
 * floor), so both see the same load on a shared machine: medians of each.
 */
async function interleavedLoads(
  browser: Browser,
  url: string,
  floorUrl: string,
  operatorSecret: string,
): Promise<ColdLoad & { floor: number }> {
  const loads: ColdLoad[] = [];
  const floors: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    floors.push((await coldLoad(browser, floorUrl, false)).paint);
    loads.push(await coldLoad(browser, url, true, operatorSecret));
  }
  return {
    floor: median(floors),
    paint: median(loads.map((l) => l.paint)),
    app: median(loads.map((l) => l.app)),
    whole: median(loads.map((l) => l.whole)),
  };
}

/** How many requests the broker at `url` has pending (the `total` of a one-request snapshot). */
async function pendingTotal(url: string): Promise<number> {
  let resolveTotal: (n: number) => void = () => {};
  const total = new Promise<number>((r) => (resolveTotal = r));
  const sse = new SseClient(`${url}/events?snapshot_limit=1`, (event) => {
    if (event.event === 'snapshot') resolveTotal(Number(JSON.parse(event.data).total));
  });
  try {
    await sse.connect();
    return await total;
  } finally {
    sse.close();
  }
}

/** Starts the broker over `pending` question files and measures cold loads of its web UI. */
async function paintAt(browser: Browser, pending: number, floorUrl: string): Promise<PaintAtSize> {
  return withTempDir('paint', async (dir) => {
    await writeQuestionFiles(dir, pending);
    // BENCH_RENDERER_DIR: measure another build of the UI (e.g. before/after side by side).
    const rendererDir = process.env.BENCH_RENDERER_DIR;
    const t0 = performance.now();
    const service = await startServiceProcess({
      dirs: [dir],
      ...(rendererDir ? { rendererDir } : {}),
    });
    try {
      const deadline = Date.now() + 300_000;
      while ((await pendingTotal(service.info.url)) < pending) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pending} pending`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const startSeconds = (performance.now() - t0) / 1000;
      // Page loads start once the broker is done with its start-up work (chokidar's initial walk
      // of the files, about a second of CPU per 10,000): the startup figure measures that.
      const settled = await waitForIdleProcess(service.info.pid, { maxMs: 120_000 });
      const secret = readOperatorSecret(service.stateDir);
      if (!secret) throw new Error(`no operator secret in ${service.stateDir}`);
      const cookie = `${OPERATOR_COOKIE}=${sessionValue(secret, Date.now())}`;
      const page = await fetch(`${service.info.url}/`, { headers: { cookie } });
      const html = await page.text();
      if (page.status !== 200 || !/<html/i.test(html))
        throw new NotAvailableError(`GET / does not serve the web UI yet (${page.status})`);
      const loads = await interleavedLoads(browser, `${service.info.url}/`, floorUrl, secret);
      return { pending, ...loads, startSeconds, settleSeconds: settled / 1000 };
    } finally {
      await service.stop();
    }
  });
}

const figureId = (n: number) => (n === PENDING ? 'ui.firstPaint' : `ui.firstPaint.${n}`);

export const firstPaintBench: Benchmark = {
  title: 'web UI first paint',
  specs: SIZES.map((n) =>
    n === PENDING
      ? {
          id: figureId(n),
          name: `web UI: first question painted, ${n} pending (Chromium, median of ${LOADS} cold loads)`,
          unit: 'ms',
          target: { op: '<=', value: 2, on: 'ratio' },
          baselineLabel: 'static HTML list, same headers, node:http',
        }
      : n > PENDING
        ? {
            id: figureId(n),
            name: `web UI: first question painted, ${n} pending (vs the ${PENDING} case)`,
            unit: 'ms',
            target: { op: '<=', value: 2, on: 'ratio' },
            baselineLabel: `same figure at ${PENDING} pending`,
          }
        : {
            id: figureId(n),
            name: `web UI: first question painted, ${n} pending`,
            unit: 'ms',
            baselineLabel: 'static HTML list, same headers, node:http',
          },
  ),
  async run() {
    if (!existsSync(join(ROOT, 'out', 'renderer', 'index.html')))
      throw new NotAvailableError('no built renderer (out/renderer/index.html): run npm run build');
    const browser = await launchChromium();
    const echo = await startEchoServer();
    try {
      const rows: PaintAtSize[] = [];
      const results: Record<string, Measurement> = {};
      for (const n of SIZES) {
        process.stderr.write(`${n} pending … `);
        const row = await paintAt(browser, n, `${echo.url}/page`);
        rows.push(row);
        const main = rows.find((r) => r.pending === PENDING);
        results[figureId(n)] = {
          value: row.paint,
          baseline: n > PENDING ? main?.paint : row.floor,
          note: `navigation start → two frames after the first question text is in the DOM (the static list: ${Math.round(row.floor)} ms, loads interleaved); the app's own list rendered at ${Math.round(row.app)} ms, the whole list of ${n} loaded at ${Math.round(row.whole)} ms (medians); all pending ${row.startSeconds.toFixed(1)} s after spawn, loads began once the broker was idle (${row.settleSeconds.toFixed(1)} s later)`,
        };
      }
      const file = await writeGrowth(rows, LOADS);
      const growth = rows.map((r) => `${r.pending}: ${Math.round(r.paint)} ms`).join(', ');
      results[figureId(SIZES.at(-1)!)]!.note +=
        `; growth curve (${growth}) in ${file.replace(`${ROOT}/`, '')} and .svg`;
      return results;
    } finally {
      await echo.close();
      await browser.close();
    }
  },
};
