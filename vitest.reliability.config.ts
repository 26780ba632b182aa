import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `npm run test:reliability`: crash, atomicity, races, fuzz, security probes, soak (test/reliability/**). */
export default defineConfig({
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    include: ['test/reliability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
