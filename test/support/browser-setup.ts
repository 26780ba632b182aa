import type { TestProject } from 'vitest/node';
import { describeLookup, findBrowser, type BrowserLookup } from './find-browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The browser found for the browser tests (test/support/find-browser.ts), or why none. */
    browserLookup: BrowserLookup;
  }
}

/**
 * Vitest globalSetup of the projects with browser tests: looks for a browser once per run (and
 * unpacks the bundled one the first time), says in one line which it is, and hands it to the test
 * files. With no browser at all the browser tests skip, with the same line; under CI, where a
 * missing browser means a missing install step, the run stops on that line instead.
 */
export default async function setup(project: TestProject): Promise<void> {
  const lookup = await findBrowser();
  const line = describeLookup(lookup);
  if ('missing' in lookup && process.env.CI) {
    const error = new Error(`${line} (CI is set, so this is an error, not a skip)`);
    error.stack = error.message;
    throw error;
  }
  console.log(line);
  project.provide('browserLookup', lookup);
}
