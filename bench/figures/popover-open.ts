import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
// The desktop renderer in plain Chromium with the real IPC router behind `window.hitl` (only
// Electron is missing); the e2e tests of the desktop views use the same harness.
import { startDesktopViews } from '../../test/e2e/electron/desktop-views-harness';
import { launchChromium } from '../../test/support/load/browser';
import { NotAvailableError, type Benchmark } from '../lib/figure';
import { ROOT } from '../../test/support/load/project';
import { median } from '../../test/support/load/stats';

const PENDING = Number(process.env.BENCH_POPOVER_PENDING ?? 1_000);
const LOADS = Number(process.env.BENCH_PAINT_LOADS ?? 9);

/**
 * Runs before any page script: wraps `window.hitl.answer` (set by the preload, here the harness)
 * to note when the first answer leaves the renderer, and as soon as focus lands in the popover's
 * card (the first card focusable and focused) presses `y` on it in the next task, as an operator's
 * key would arrive. A string: this file is compiled without DOM types.
 */
const PROBE = `(() => {
  let api;
  Object.defineProperty(window, 'hitl', {
    configurable: true,
    get: () => api,
    set: (value) => {
      api = Object.freeze({ ...value, answer: (payload) => {
        window.__answerSent ??= performance.now();
        window.__answered = payload && payload.id;
        return value.answer(payload);
      } });
    },
  });
  document.addEventListener('focusin', (event) => {
    if (window.__focused !== undefined || !event.target.closest || !event.target.closest('.popover-card')) return;
    window.__focused = performance.now();
    setTimeout(() => document.activeElement.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'y', bubbles: true, cancelable: true })));
  }, true);
})();`;

/** The floor: a static page whose one card holds a focused button and answers on a key. */
const STATIC_PAGE = `<!doctype html><html><body><div class="popover-card" tabindex="-1"><h1>Deploy?</h1>
<p>${'All checks passed. '.repeat(10)}</p><button>Approve</button></div>
<script>window.hitl = { answer: () => Promise.resolve() };
document.addEventListener('keydown', (e) => { if (e.key === 'y') window.hitl.answer({ id: 'static' }); });
document.querySelector('button').focus();</script></body></html>`;

interface OpenTimes {
  focused: number;
  answered: number;
}

async function measure(page: Page, url: string, expectId: string): Promise<OpenTimes> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => (globalThis as Record<string, unknown>).__answerSent !== undefined,
    undefined,
    { timeout: 30_000 },
  );
  const t = await page.evaluate(() => {
    const g = globalThis as Record<string, unknown>;
    return { focused: Number(g.__focused), answered: Number(g.__answerSent), id: g.__answered };
  });
  if (t.id !== expectId) throw new Error(`the popover answered ${String(t.id)}, not ${expectId}`);
  return t;
}

/** One cold open of the popover over `PENDING` requests (fresh context, harness and broker). */
async function openPopover(browser: Browser, rendererDir: string): Promise<OpenTimes> {
  const context = await browser.newContext({ viewport: { width: 420, height: 360 } });
  const page = await context.newPage();
  await page.addInitScript({ content: PROBE });
  const h = await startDesktopViews(page, rendererDir);
  try {
    const now = Date.now();
    // The popover opens on the oldest request: a confirm, answered with `y`.
    const oldest = h.broker.add({
      source: 'tool-server-lite',
      key: 'deploy-prod',
      title: 'Deploy to production?',
      prompt: 'All checks passed on `main`. Deploy **v2.3.1** now?',
      input: { kind: 'confirm', confirmLabel: 'Deploy', cancelLabel: 'Hold' },
      createdAt: now - PENDING * 1000,
    });
    for (let i = 1; i < PENDING; i++)
      h.broker.add({
        source: 'clarity-http',
        key: `bulk-${i}`,
        prompt: `Question ${i}: does step ${i} look right?\n\n- item one\n- item two`,
        createdAt: now - i * 1000,
      });
    const times = await measure(page, `${h.url}#popover`, oldest.id);
    const deadline = Date.now() + 5_000;
    while (h.broker.get(oldest.id)?.status !== 'answered') {
      if (Date.now() > deadline) throw new Error('the popover’s answer did not reach the broker');
      await new Promise((r) => setTimeout(r, 10));
    }
    return times;
  } finally {
    await context.close();
    await h.close();
  }
}

export const popoverOpen: Benchmark = {
  title: 'popover open',
  specs: [
    {
      id: 'ui.popoverInteractive',
      name: `desktop popover: open → first card focused and its answer key handled, ${PENDING} pending (Chromium, median of ${LOADS} cold opens)`,
      unit: 'ms',
      baselineLabel: 'static page: focused button answers on a key',
    },
  ],
  async run() {
    const rendererDir = join(ROOT, 'out', 'renderer');
    if (!existsSync(join(rendererDir, 'index.html')))
      throw new NotAvailableError('no built renderer (out/renderer/index.html): run npm run build');
    const browser = await launchChromium();
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(STATIC_PAGE);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const floorUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const floors: number[] = [];
      const opens: OpenTimes[] = [];
      for (let i = 0; i < LOADS; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.addInitScript({ content: PROBE });
        floors.push((await measure(page, floorUrl, 'static')).answered);
        await context.close();
        opens.push(await openPopover(browser, rendererDir));
      }
      return {
        'ui.popoverInteractive': {
          value: median(opens.map((o) => o.answered)),
          baseline: median(floors),
          note: `navigation start → the answer to the oldest request (a confirm, key y pressed as soon as its card had focus) leaves the renderer; the card had focus at ${Math.round(median(opens.map((o) => o.focused)))} ms (median); the inbox list arrives over the real IPC router, here through Playwright's page bindings instead of Electron's IPC`,
        },
      };
    } finally {
      server.close();
      await browser.close();
    }
  },
};
