import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          desktop: resolve(__dirname, 'main/desktop/index.ts'),
          cli: resolve(__dirname, 'main/cli/clarity-hitl.ts'),
          cueme: resolve(__dirname, 'main/cli/cueme.ts'),
        },
        output: { format: 'es' },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [react()],
    build: {
      // electron-vite leaves bundles unminified by default; the browser inbox loads faster minified.
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'renderer/index.html') },
      },
    },
  },
});
