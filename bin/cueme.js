#!/usr/bin/env node
// Runs the built `cueme` CLI in plain Node. `npm run build` produces out/main/cueme.js.
import('../out/main/cueme.js').catch((error) => {
  if (
    error &&
    error.code === 'ERR_MODULE_NOT_FOUND' &&
    String(error.message).includes('out/main/cueme.js')
  ) {
    console.error('cueme: the CLI is not built yet. Run `npm run build` in the project first.');
    process.exit(70);
  }
  throw error;
});
