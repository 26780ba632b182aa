#!/usr/bin/env node
// Runs the built CLI in plain Node (no Electron). `npm run build` produces out/main/cli.js.
import('../out/main/cli.js').catch((error) => {
  if (
    error &&
    error.code === 'ERR_MODULE_NOT_FOUND' &&
    String(error.message).includes('out/main/cli.js')
  ) {
    console.error(
      'clarity-hitl: the CLI is not built yet. Run `npm run build` in the project first.',
    );
    process.exit(70);
  }
  throw error;
});
