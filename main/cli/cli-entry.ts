import nodeModule from 'node:module';

/**
 * `out/main/cli.js`: a few lines that turn on Node's on-disk compile cache (Node ≥ 22.1; a no-op
 * on older Node) before the CLI's large bundle is loaded, so every later start skips compiling it
 * again. It must come first: a static import would be compiled before this line ran.
 */
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./clarity-hitl');
