import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __HITL_PREVIEW__: 'true' },
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/e2e/**', 'test/reliability/**', 'node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
          // Inlined so a test can stand in for `electron` (electron-store imports it at load).
          server: { deps: { inline: ['electron-store'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['./test/support/browser-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
