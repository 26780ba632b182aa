import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startEchoServer } from '../lib/baselines';
import { launchChromium } from '../../test/support/load/browser';
import { NotAvailableError, type Benchmark } from '../lib/figure';
import { loopbackAgent, request } from '../../test/support/load/http-client';
import { ROOT } from '../../test/support/load/project';
import { writeQuestionFiles } from '../lib/questions';
import { startServiceProcess } from '../../test/support/load/service';
import { waitForIdleProcess } from '../lib/process-idle';
import { median } from '../../test/support/load/stats';
import { waitUntil, withTempDir } from '../../test/support/load/temp';

const PENDING = Number(process.env.BENCH_PENDING ?? 10_000);
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
})();`;

/**
 * Cold loads of `url` (fresh context each): median ms from navigation start to the first card
 * painted, and to the whole list loaded (the inbox fetches the rest of a paged snapshot after its
 * first paint; its list is `aria-busy` until then).
 */
async function firstPaint(
  browser: Browser,
  url: string,
  waitWhole = true,
): Promise<{ paint: number; whole: number }> {
  const times: number[] = [];
  const wholes: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript({ content: PROBE });
      await page.goto(url, { waitUntil: 'commit' });
      // Function predicates (not strings): the app's CSP forbids eval.
      await page.waitForFunction(
        () => (globalThis as Record<string, unknown>).__cardPaint !== undefined,
        undefined,
        { timeout: 30_000 },
      );
      times.push(
        Number(await page.evaluate(() => (globalThis as Record<string, unknown>).__cardPaint)),
      );
      if (!waitWhole) continue;
      const whole = await page.waitForFunction(
        () => {
          const doc = (globalThis as { document?: { querySelector(s: string): unknown } }).document;
          return doc?.querySelector('[role=listbox]:not([aria-busy])') ? performance.now() : 0;
        },
        undefined,
        { timeout: 30_000 },
      );
      wholes.push(Number(await whole.jsonValue()));
    } finally {
      await context.close();
    }
  }
  return { paint: median(times), whole: wholes.length ? median(wholes) : NaN };
}

export const firstPaintBench: Benchmark = {
  title: 'web UI first paint',
  specs: [
    {
      id: 'ui.firstPaint',
      name: `web UI: first question painted, ${PENDING} pending (Chromium, median of ${LOADS} cold loads)`,
      unit: 'ms',
      target: { op: '<=', value: 500 },
      baselineLabel: 'static HTML list from node:http',
    },
  ],
  async run() {
    if (!existsSync(join(ROOT, 'out', 'renderer', 'index.html')))
      throw new NotAvailableError('no built renderer (out/renderer/index.html): run npm run build');
    const browser = await launchChromium();
    const echo = await startEchoServer();
    try {
      const floor = (await firstPaint(browser, `${echo.url}/page`, false)).paint;
      return await withTempDir('paint', async (dir) => {
        await writeQuestionFiles(dir, PENDING);
        // BENCH_RENDERER_DIR: measure another build of the UI (e.g. before/after side by side).
        const rendererDir = process.env.BENCH_RENDERER_DIR;
        const service = await startServiceProcess({
          dirs: [dir],
          ...(rendererDir ? { rendererDir } : {}),
        });
        const agent = loopbackAgent();
        try {
          await waitUntil(
            async () => {
              const res = await request(`${service.info.url}/questions`, { agent });
              return Array.isArray(res.json) && res.json.length >= PENDING;
            },
            `${PENDING} pending`,
            120_000,
          );
          // Page loads start once the broker is done with its start-up work (chokidar's initial
          // walk of the files, about a second of CPU): the startup figure measures that.
          const settled = await waitForIdleProcess(service.info.pid);
          const page = await request(`${service.info.url}/`, { agent });
          if (page.status !== 200 || !/<html/i.test(page.text))
            throw new NotAvailableError(`GET / does not serve the web UI yet (${page.status})`);
          const { paint, whole } = await firstPaint(browser, `${service.info.url}/`);
          return {
            'ui.firstPaint': {
              value: paint,
              baseline: floor,
              note: `navigation start → two frames after the first question text is in the DOM; the whole list of ${PENDING} loaded (median) at ${Math.round(whole)} ms; loads began once the broker was idle (${(settled / 1000).toFixed(1)} s after all were pending)`,
            },
          };
        } finally {
          agent.destroy();
          await service.stop();
        }
      });
    } finally {
      await echo.close();
      await browser.close();
    }
  },
};
