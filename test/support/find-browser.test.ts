import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeLookup, findBrowser, launchBrowser } from './find-browser';
import { makeTempDir } from './temp-dir';

let tmp: { path: string; remove: () => Promise<void> };

beforeEach(async () => {
  tmp = await makeTempDir('hitl-find-browser-');
});
afterEach(() => tmp.remove());

async function fakeBrowser(dir: string, name: string, mode = 0o755): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, '#!/bin/sh\nexit 0\n');
  await chmod(file, mode);
  return file;
}

describe.skipIf(process.platform === 'win32')(
  'findBrowser: where the browser tests get a browser',
  () => {
    it('takes CHROMIUM_PATH first, over an installed Chromium', async () => {
      const chosen = await fakeBrowser(path.join(tmp.path, 'chosen'), 'my-chrome');
      const installed = path.join(tmp.path, 'bin');
      await fakeBrowser(installed, 'chromium');
      const lookup = await findBrowser({ CHROMIUM_PATH: chosen, PATH: installed });
      expect(lookup).toEqual({ found: { executablePath: chosen, source: 'CHROMIUM_PATH' } });
    });

    it('a CHROMIUM_PATH that is not there is an error naming it, not a silent fallback', async () => {
      const installed = path.join(tmp.path, 'bin');
      await fakeBrowser(installed, 'chromium');
      const missing = path.join(tmp.path, 'nope', 'chrome');
      const lookup = await findBrowser({ CHROMIUM_PATH: missing, PATH: installed });
      expect(lookup).toEqual({ missing: `CHROMIUM_PATH=${missing} is not an executable file` });
      expect(describeLookup(lookup)).toBe(
        `Browser tests cannot run: CHROMIUM_PATH=${missing} is not an executable file.`,
      );
    });

    it('finds an installed Chromium or Chrome on PATH, skipping what is not an executable file', async () => {
      const first = path.join(tmp.path, 'first');
      const second = path.join(tmp.path, 'second');
      await fakeBrowser(first, 'chromium', 0o644); // not executable
      await mkdir(path.join(first, 'chromium-browser')); // a directory
      const chrome = await fakeBrowser(second, 'google-chrome');
      const lookup = await findBrowser({ PATH: [first, second].join(path.delimiter) });
      expect(lookup).toEqual({ found: { executablePath: chrome, source: 'installed' } });
    });

    it.skipIf(process.platform !== 'linux' || process.arch !== 'x64')(
      'with nothing installed, launches the Chromium bundled in @sparticuz/chromium headless, without a display',
      async () => {
        const lookup = await findBrowser({ PATH: path.join(tmp.path, 'empty') });
        if (!('found' in lookup)) throw new Error(describeLookup(lookup));
        // Playwright's own browser comes before the bundled one, where someone installed it.
        expect(lookup.found.source).toMatch(/^(Playwright|@sparticuz\/chromium \d+\.\d+\.\d+)$/);
        // An empty DISPLAY: headless needs none, as on a machine without X.
        const browser = await launchBrowser({
          ...lookup.found,
          env: { ...lookup.found.env, DISPLAY: '' },
        });
        try {
          const page = await browser.newPage();
          await page.setContent('<h1>Fresh machine</h1>');
          expect(await page.textContent('h1')).toBe('Fresh machine');
        } finally {
          await browser.close();
        }
      },
      120_000,
    );
  },
);
