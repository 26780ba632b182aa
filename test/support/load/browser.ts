import { findBrowser, launchBrowser } from '../find-browser';
import { NotAvailableError } from './not-available';

/**
 * Launches the browser the tests use (test/support/find-browser.ts: CHROMIUM_PATH, an installed
 * Chromium/Chrome, Playwright's, the bundled @sparticuz/chromium) headless; never downloads one.
 */
export async function launchChromium() {
  const lookup = await findBrowser();
  if ('missing' in lookup) throw new NotAvailableError(lookup.missing);
  return launchBrowser(lookup.found);
}
