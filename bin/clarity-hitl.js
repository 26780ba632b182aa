#!/usr/bin/env node
// Runs the built CLI in plain Node (no Electron). `npm run build` produces out/main/cli.js.
// `clarity-hitl hook <agent>` runs inside a coding agent's every tool call: it loads only its
// own small entry (out/main/hook.js), not the whole CLI, so it starts fast.
const agentHook =
  process.argv[2] === 'hook' &&
  /^(claude-code|codex)$/.test(process.argv[3] ?? '') &&
  !process.argv.some((a) => a === '--help' || a === '-h');
const entry = agentHook ? '../out/main/hook.js' : '../out/main/cli.js';
import(entry)
  .then((module) => (agentHook ? module.hookMain() : undefined))
  .catch((error) => {
    if (
      error &&
      error.code === 'ERR_MODULE_NOT_FOUND' &&
      String(error.message).includes(entry.slice(3))
    ) {
      if (agentHook) {
        console.error(
          'clarity-hitl hook: the CLI is not built; no decision, the agent asks in its terminal',
        );
        process.exit(0);
      }
      console.error(
        'clarity-hitl: the CLI is not built yet. Run `npm run build` in the project first.',
      );
      process.exit(70);
    }
    throw error;
  });
