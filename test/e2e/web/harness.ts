import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Broker } from '../../../main/broker/broker';
import type { HttpServer } from '../../../main/http/server';
import { OPERATOR_COOKIE } from '../../../main/http/guards/operator-credentials';
import { sessionValue } from '../../../main/http/guards/token-auth';
import { startBrokerService } from '../../../main/service/broker-service';
import { launchBrowser } from '../../support/find-browser';
import { inlineEarlyCard } from '../../../scripts/vite/inline-early-card';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

/**
 * Builds the renderer into a private temp dir (the same Vite config as electron.vite.config.ts's
 * renderer), so another engineer rebuilding out/ concurrently cannot break this run.
 */
export async function buildRenderer(): Promise<string> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'hitl-renderer-'));
  await build({
    root: path.join(ROOT, 'renderer'),
    plugins: [
      react(),
      // The popover's first card's script and styles in its page, as the shipped build has them.
      inlineEarlyCard({
        page: 'popover.html',
        entry: path.join(ROOT, 'renderer/src/popover/early-main.ts'),
        alias: { '@contract': path.join(ROOT, 'contract') },
        define: { __HITL_PREVIEW__: 'true' },
      }),
    ],
    logLevel: 'warn',
    configFile: false,
    base: './',
    // The e2e tests open the dev preview (`?preview`), which the shipped bundle leaves out.
    define: { __HITL_PREVIEW__: 'true' },
    build: {
      outDir,
      emptyOutDir: true,
      // The app's page and the desktop popover's own (as electron.vite.config.ts builds them).
      rollupOptions: {
        input: {
          index: path.join(ROOT, 'renderer/index.html'),
          popover: path.join(ROOT, 'renderer/popover.html'),
        },
      },
    },
  });
  return outDir;
}

export interface BrokerHarness {
  broker: Broker;
  server: HttpServer;
  /** The operator secret of this broker (its state dir's), for a login session or the CLI. */
  operatorSecret: string;
  /** A fresh one-time login link, as `clarity-hitl open` prints it. */
  loginUrl(): string;
  /** The watched handshake directory. */
  dir: string;
  url: string;
  close(): Promise<void>;
}

/**
 * The real headless broker of `clarity-hitl serve` (startBrokerService: file handshake, HTTP,
 * persistence, the UI) on 127.0.0.1, a free port, a temp handshake dir and a temp state dir.
 */
export async function startBroker(
  rendererDir: string,
  options: { token?: string } = {},
): Promise<BrokerHarness> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-e2e-'));
  const dir = path.join(root, 'handshake');
  await mkdir(dir, { recursive: true });
  const service = await startBrokerService({
    dirs: [dir],
    port: 0,
    stateDir: path.join(root, 'state'),
    rendererDir,
    token: options.token ?? '',
  });
  let closed: Promise<void> | undefined;
  return {
    broker: service.broker,
    server: service.server,
    operatorSecret: service.server.context.operatorSecret,
    loginUrl: () => service.loginUrl(),
    dir: service.watched.dirs[0]!,
    url: service.url,
    close: () =>
      (closed ??= (async () => {
        await service.close();
        await rm(root, { recursive: true, force: true });
      })()),
  };
}

/**
 * Logs a browser context in to a broker's inbox as the operator would after opening a login link:
 * the same HttpOnly, SameSite=Strict session cookie, signed with the broker's operator secret.
 */
export async function logIn(
  context: BrowserContext,
  harness: Pick<BrokerHarness, 'url' | 'operatorSecret'>,
): Promise<void> {
  await context.addCookies([
    {
      name: OPERATOR_COOKIE,
      value: sessionValue(harness.operatorSecret, Date.now()),
      url: harness.url,
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
}

/**
 * The browser found for this run (test/support/find-browser.ts: CHROMIUM_PATH, an installed
 * Chromium/Chrome, Playwright's, the bundled @sparticuz/chromium), launched headless; throws the
 * one-line reason when there is none.
 */
export async function launchChromium(): Promise<Browser> {
  const lookup = inject('browserLookup');
  if ('missing' in lookup) throw new Error(`Browser tests cannot run: ${lookup.missing}`);
  return launchBrowser(lookup.found);
}

/** Saves a screenshot under test-results/screenshots/ (gitignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  // Markdown renders a moment after the first paint (its code loads then): show it rendered.
  await page
    .waitForFunction(
      () =>
        !(
          globalThis as { document?: { querySelector(s: string): unknown } }
        ).document?.querySelector('.markdown-loading'),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function until<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 15_000,
): Promise<Exclude<T, false | undefined>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as Exclude<T, false | undefined>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One renderer build and one Chromium per test file, with per-test brokers and pages. */
export interface BrowserFixture {
  readonly browser: Browser;
  readonly rendererDir: string;
  /** Starts a broker serving the built renderer; closed after the current test. */
  startBroker(options?: { token?: string }): Promise<BrokerHarness>;
  /**
   * Opens a page in a fresh context (1280×800, en-US unless overridden), logged in to every broker
   * of the test (the ones started before and after it) unless `loggedIn: false`; closed after the
   * current test.
   */
  newPage(options?: BrowserContextOptions & { loggedIn?: boolean }): Promise<Page>;
  /** A broker plus a page on its inbox, waiting for the empty state when `open` is set. */
  openInbox(
    options?: BrowserContextOptions & { open?: boolean },
  ): Promise<{ harness: BrokerHarness; page: Page }>;
  /** Runs `close` after the current test (before the pages and brokers the fixture opened). */
  onCleanup(close: () => unknown): void;
}

/**
 * Registers the vitest hooks of a browser e2e file: builds the renderer and launches the browser
 * once (beforeAll; every test skips when there is none), closes what each test opened
 * (afterEach), then the browser and the build (afterAll).
 */
export function useBrowser(): BrowserFixture {
  let browser: Browser | undefined;
  let rendererDir: string | undefined;
  let cleanups: (() => unknown)[] = [];
  // This test's brokers and logged-in contexts: each new one is logged in to each other.
  let brokers: BrokerHarness[] = [];
  let contexts: BrowserContext[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`${what} is not ready: use the fixture inside a test or hook`);
    return value;
  };

  const lookup = inject('browserLookup');
  const missing = 'missing' in lookup ? lookup.missing : undefined;
  beforeAll(async () => {
    if (missing) return;
    rendererDir = await buildRenderer();
    browser = await launchChromium();
  }, 120_000);
  // No browser anywhere: each test skips with the reason (the run's first line says what to install).
  beforeEach((context) => {
    if (missing) context.skip(`no browser: ${missing}`);
  });
  afterEach(async () => {
    const pending = cleanups.reverse();
    cleanups = [];
    brokers = [];
    contexts = [];
    for (const close of pending) await Promise.resolve(close()).catch(() => undefined);
  });
  afterAll(async () => {
    await browser?.close();
    if (rendererDir) await rm(rendererDir, { recursive: true, force: true });
  });

  const fixture: BrowserFixture = {
    get browser() {
      return ready(browser, 'Chromium');
    },
    get rendererDir() {
      return ready(rendererDir, 'the renderer build');
    },
    async startBroker(options) {
      const harness = await startBroker(fixture.rendererDir, options);
      cleanups.push(() => harness.close());
      brokers.push(harness);
      for (const context of contexts) await logIn(context, harness);
      return harness;
    },
    async newPage({ loggedIn = true, ...options } = {}) {
      const context = await fixture.browser.newContext({
        viewport: { width: 1280, height: 800 },
        locale: 'en-US',
        ...options,
      });
      cleanups.push(() => context.close());
      if (loggedIn) {
        contexts.push(context);
        // A test may close its context itself: later brokers then log in only the open ones.
        context.on('close', () => (contexts = contexts.filter((c) => c !== context)));
        for (const harness of brokers) await logIn(context, harness);
      }
      return context.newPage();
    },
    async openInbox({ open = false, ...options } = {}) {
      const harness = await fixture.startBroker();
      const page = await fixture.newPage(options);
      if (open) {
        await page.goto(harness.url);
        await page.getByRole('heading', { name: 'No agent is waiting for you' }).waitFor();
      }
      return { harness, page };
    },
    onCleanup(close) {
      cleanups.push(close);
    },
  };
  return fixture;
}
