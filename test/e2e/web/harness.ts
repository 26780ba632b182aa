import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import type { Broker } from '../../../main/broker/broker';
import type { HttpServer } from '../../../main/http/server';
import { startBrokerService } from '../../../main/service/broker-service';

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
    plugins: [react()],
    logLevel: 'warn',
    configFile: false,
    base: './',
    build: { outDir, emptyOutDir: true, rollupOptions: { input: path.join(ROOT, 'renderer/index.html') } },
  });
  return outDir;
}

export interface BrokerHarness {
  broker: Broker;
  server: HttpServer;
  /** The watched handshake directory. */
  dir: string;
  url: string;
  close(): Promise<void>;
}

/**
 * The real headless broker of `clarity-hitl serve` (startBrokerService: file handshake, HTTP,
 * persistence, the UI) on 127.0.0.1, a free port, a temp handshake dir and a temp state dir.
 */
export async function startBroker(rendererDir: string, options: { token?: string } = {}): Promise<BrokerHarness> {
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
    dir: service.adapters[0]!.dir,
    url: service.url,
    close: () =>
      (closed ??= (async () => {
        await service.close();
        await rm(root, { recursive: true, force: true });
      })()),
  };
}

/** Debian's Chromium, headless, never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`no Chromium at ${executablePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  });
}

/** Saves a screenshot under test-results/screenshots/ (gitignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function until<T>(check: () => T | Promise<T>, what: string, timeoutMs = 15_000): Promise<Exclude<T, false | undefined>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as Exclude<T, false | undefined>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
