import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { bundledChromium } from './bundled-chromium';

/** A browser the tests can launch, and where it was found (for the one line that says so). */
export interface FoundBrowser {
  executablePath: string;
  /** e.g. `CHROMIUM_PATH`, `installed`, `Playwright`, `@sparticuz/chromium 147.0.0`. */
  source: string;
  /** Extra environment for the browser process. */
  env?: Record<string, string>;
}

export type BrowserLookup = { found: FoundBrowser } | { missing: string };

/** What a person without any browser can do about it: one line, no stack trace. */
export const INSTALL_HINT =
  'install Chromium or Chrome (Debian/Ubuntu: `sudo apt-get install chromium`), or set ' +
  'CHROMIUM_PATH to one; on Linux x64 `npm ci` brings one (the @sparticuz/chromium dev dependency)';

/** Names an installed Chromium or Chrome goes by on PATH. */
const ON_PATH = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];

function installedElsewhere(env: NodeJS.ProcessEnv): string[] {
  if (process.platform === 'darwin') {
    return [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
    ];
  }
  if (process.platform === 'win32') {
    return [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA]
      .filter((dir): dir is string => !!dir)
      .map((dir) => path.join(dir, 'Google', 'Chrome', 'Application', 'chrome.exe'));
  }
  return [];
}

/** A regular file this user may execute (a path bind-mounted to /dev/null to hide it is not). */
export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findInstalled(env: NodeJS.ProcessEnv): string | undefined {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const exts = process.platform === 'win32' ? ['.exe'] : [''];
  for (const name of ON_PATH) {
    for (const dir of dirs) {
      for (const ext of exts) {
        const file = path.join(dir, name + ext);
        if (isExecutableFile(file)) return file;
      }
    }
  }
  return installedElsewhere(env).find(isExecutableFile);
}

function findPlaywrights(): string | undefined {
  try {
    const file = chromium.executablePath();
    return file && isExecutableFile(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Finds a Chromium for the browser tests, in this order: `$CHROMIUM_PATH`; an installed Chromium or
 * Chrome (on PATH, then the usual macOS/Windows install paths); Playwright's own browser (when
 * `npx playwright install chromium` was run); the Chromium inside the `@sparticuz/chromium` dev
 * dependency (Linux x64). Never downloads anything.
 */
export async function findBrowser(env: NodeJS.ProcessEnv = process.env): Promise<BrowserLookup> {
  if (env.CHROMIUM_PATH) {
    return isExecutableFile(env.CHROMIUM_PATH)
      ? { found: { executablePath: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' } }
      : { missing: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file` };
  }
  const installed = findInstalled(env);
  if (installed) return { found: { executablePath: installed, source: 'installed' } };
  const playwrights = findPlaywrights();
  if (playwrights) return { found: { executablePath: playwrights, source: 'Playwright' } };
  const bundled = await bundledChromium();
  if (bundled) {
    const libs = [bundled.libDir, env.LD_LIBRARY_PATH].filter(Boolean).join(path.delimiter);
    return {
      found: {
        executablePath: bundled.executablePath,
        source: `@sparticuz/chromium ${bundled.version}`,
        env: {
          // Its own NSS, so it also runs where no browser ever installed libnss3.
          LD_LIBRARY_PATH: libs,
          ...(existsSync('/etc/fonts/fonts.conf') ? {} : { FONTCONFIG_FILE: bundled.fontsConf }),
        },
      },
    };
  }
  return { missing: `no Chromium or Chrome found: ${INSTALL_HINT}` };
}

/** One line for the test log: which browser the browser tests use, or what to install. */
export function describeLookup(lookup: BrowserLookup): string {
  return 'found' in lookup
    ? `Browser tests use ${lookup.found.executablePath} (${lookup.found.source}).`
    : `Browser tests cannot run: ${lookup.missing}.`;
}

/** Launches a found browser headless (no display needed) through playwright-core. */
export function launchBrowser(found: FoundBrowser): Promise<Browser> {
  return chromium.launch({
    executablePath: found.executablePath,
    headless: true,
    env: found.env ? { ...process.env, ...found.env } : undefined,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-gpu',
    ],
  });
}
