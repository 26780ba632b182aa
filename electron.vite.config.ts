import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { requireBuiltins } from './scripts/vite/require-builtins';
import { inlineEarlyCard } from './scripts/vite/inline-early-card';

/**
 * The renderer's entry loads the app (start-app) with a dynamic import, after it has opened the
 * `/events` stream; a `modulepreload` of that chunk and its imports in index.html lets the
 * browser fetch them in parallel with the entry instead of after it has run. They go at the end
 * of the body, after the list the broker serves in the page: in the head they competed with it
 * for the first paint (fetching and compiling ~300 KB of script before the list showed). At low
 * fetch priority: the entry script and its stylesheet come first (the popover's entry paints its
 * first card before the app loads: a cold open 45 ms sooner at load 16, docs/benchmarks.md).
 */
function preloadApp(): Plugin {
  return {
    name: 'hitl-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // The popover's own page (popover.html) paints its first card before the app: no preloads.
        if (!ctx.filename.endsWith('index.html')) return [];
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.facadeModuleId?.endsWith('/renderer/src/start-app.tsx'));
        if (!app) return [];
        const entries = new Set(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const files = [app.fileName, ...app.imports].filter((file) => !entries.has(file));
        return files.map((file) => ({
          tag: 'link',
          attrs: {
            rel: 'modulepreload',
            crossorigin: true,
            fetchpriority: 'low',
            href: `./${file}`,
          },
          injectTo: 'body' as const,
        }));
      },
    },
  };
}

/**
 * `out/main/hook.js`, the entry `clarity-hitl hook <agent>` loads on every tool call of a coding
 * agent, is built on its own with its few dependencies (zod/mini) bundled and tree-shaken: one
 * small file loads in a fraction of the time of the externalized graph.
 */
function bundleHook(): Plugin {
  return {
    name: 'hitl-bundle-hook',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        resolve: { alias },
        plugins: [requireBuiltins()],
        ssr: { noExternal: true },
        build: {
          ssr: resolve(__dirname, 'main/cli/hook/hook-main.ts'),
          outDir: resolve(__dirname, 'out/main'),
          emptyOutDir: false,
          target: 'node20',
          rollupOptions: {
            // Without its doc comments (half its size): Node parses every byte on each tool call.
            output: {
              format: 'es',
              entryFileNames: 'hook.js',
              comments: { legal: true, annotation: false, jsdoc: false },
            },
          },
        },
      });
    },
  };
}

/**
 * electron-vite picks its Node and Chrome build targets from the Electron major version, which it
 * reads from the installed electron package unless ELECTRON_MAJOR_VER is set. Naming the major that
 * package.json asks for keeps the build from needing the electron package at all (a machine that
 * never installed it still builds, and `npm start` runs the headless broker there).
 */
function electronMajor(): string {
  const pkg = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const major = /\d+/.exec(pkg.devDependencies.electron ?? '')?.[0];
  if (!major) throw new Error('package.json: devDependencies.electron names no version');
  return major;
}
process.env.ELECTRON_MAJOR_VER ||= electronMajor();

/**
 * Dependencies bundled into out/main instead of loaded from node_modules at run time: Node loads
 * one bundled file far faster than the hundreds of small ES modules these packages are made of
 * (zod alone is ~270 ms of module loading on a loaded machine; docs/benchmarks.md, start-up).
 */
const BUNDLED_DEPS = [
  'zod',
  'fastify',
  '@fastify/send',
  'atomically',
  'commander',
  'picomatch',
  'tinyglobby',
];
/** `@contract/*`: what main, preload and renderer all speak (tsconfig.base.json `paths`). */
const alias = { '@contract': resolve(__dirname, 'contract') };

export default defineConfig({
  main: {
    resolve: { alias },
    plugins: [requireBuiltins(), bundleHook()],
    build: {
      externalizeDeps: { exclude: BUNDLED_DEPS },
      rollupOptions: {
        input: {
          desktop: resolve(__dirname, 'main/desktop/index.ts'),
          cli: resolve(__dirname, 'main/cli/cli-entry.ts'),
          cueme: resolve(__dirname, 'main/cli/cueme.ts'),
          'cueme-mailbox-worker': resolve(
            __dirname,
            'main/adapters/cueme-mailbox/mailbox-worker.ts',
          ),
          'question-prefetch-worker': resolve(
            __dirname,
            'main/adapters/clarity-file/prefetch/prefetch-worker.ts',
          ),
        },
        // Every process holds the source of what it loads in its heap. Minified (1.9 → 0.9 MB for
        // the main chunk: -1.1 MB of an idle broker, ~20 ms less to start), with function and
        // class names kept for stack traces and `.name`; ASCII (other characters as \u escapes),
        // because V8 keeps a source as a one-byte string only when every character is Latin-1.
        output: {
          format: 'es',
          minify: {
            compress: { keepNames: { function: true, class: true } },
            mangle: { keepNames: true },
            codegen: { removeWhitespace: true },
          },
          charset: 'ascii',
          comments: { legal: true, annotation: false, jsdoc: false },
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      // A sandboxed preload can require only electron: zod (the contract's IPC schemas) is bundled.
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: {
        input: { index: resolve(__dirname, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    resolve: { alias },
    // No dev preview and no fake client in the shipped bundle (`npm run dev` still has them).
    define: { __HITL_PREVIEW__: 'false' },
    plugins: [
      react(),
      preloadApp(),
      // The popover's first card: its script and styles in its page (docs/benchmarks.md, issue 34).
      inlineEarlyCard({
        page: 'popover.html',
        entry: resolve(__dirname, 'renderer/src/popover/early-main.ts'),
        alias,
        define: { __HITL_PREVIEW__: 'false' },
      }),
    ],
    build: {
      // electron-vite leaves bundles unminified by default; the browser inbox loads faster minified.
      minify: true,
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'renderer/index.html'),
          // The desktop popover's page: its entry paints the first card; the app loads after it.
          popover: resolve(__dirname, 'renderer/popover.html'),
        },
      },
    },
  },
});
