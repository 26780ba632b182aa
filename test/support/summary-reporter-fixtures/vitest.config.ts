import { defineConfig } from 'vitest/config';

/**
 * Runs these fixture files (not part of `npm test`: they end in .fixture.ts) through the summary
 * reporter, for test/support/summary-reporter.test.ts. FIXTURE_SETUP_FAILS=1 adds a globalSetup
 * that throws.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.fixture.ts'],
    reporters: ['default', '../summary-reporter.ts'],
    globalSetup: process.env.FIXTURE_SETUP_FAILS === '1' ? ['./setup-fails.ts'] : [],
  },
});
