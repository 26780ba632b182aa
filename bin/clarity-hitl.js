#!/usr/bin/env node
// Runs the built CLI in plain Node (no Electron): out/main/cli.js, built on first use in a checkout.
// `clarity-hitl hook <agent>` runs inside a coding agent's every tool call: it loads only its
// own small entry (out/main/hook.js), not the whole CLI, so it starts fast; it never builds.
const agentHook =
  process.argv[2] === 'hook' &&
  /^(claude-code|codex)$/.test(process.argv[3] ?? '') &&
  !process.argv.some((a) => a === '--help' || a === '-h');

if (agentHook) {
  try {
    const hook = await import('../out/main/hook.js');
    await hook.hookMain();
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('hook.js'))
      throw error;
    console.error(
      'clarity-hitl hook: the CLI is not built; no decision, the agent asks in its terminal',
    );
    process.exit(0);
  }
} else {
  const { runBuilt } = await import('./run-built.js');
  await runBuilt('clarity-hitl', 'cli.js');
}
