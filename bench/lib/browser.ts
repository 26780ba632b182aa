import { existsSync } from 'node:fs';
import { NotAvailableError } from './figure';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches Debian's Chromium headless through playwright-core (never a browser download). */
export async function launchChromium() {
  if (!existsSync(CHROMIUM)) throw new NotAvailableError(`no Chromium at ${CHROMIUM}`);
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-gpu',
    ],
  });
}
