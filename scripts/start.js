#!/usr/bin/env node
// `npm start` (after `npm run build`): the desktop app when the Electron runtime is available,
// otherwise — offline machines cannot download it — the headless broker with the web UI.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

/** The Electron binary path, or why there is none. */
export function findElectron(require = createRequire(import.meta.url)) {
  try {
    const binary = require('electron');
    if (typeof binary === 'string' && existsSync(binary)) return { binary };
    return { reason: 'the electron package has no binary' };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      reason: /Cannot find module/.test(message)
        ? 'the electron package is not installed'
        : 'its binary was not downloaded; `node scripts/install-electron.js` retries',
    };
  }
}

/** Why a desktop app cannot open a window here (Linux without X11 or Wayland), or undefined. */
export function missingDisplay(env = process.env, platform = process.platform) {
  if (platform !== 'linux' || env.DISPLAY || env.WAYLAND_DISPLAY) return undefined;
  return 'no display (DISPLAY and WAYLAND_DISPLAY are unset)';
}

/**
 * What `npm start` runs: `{ binary }` for the desktop app, else `{ line }`, the one line saying
 * why the headless broker starts instead.
 */
export function chooseRuntime(env = process.env, require = createRequire(import.meta.url)) {
  const fallback = 'starting the headless broker with the web UI instead.';
  if (env.HITL_HEADLESS === '1') {
    return { line: 'HITL_HEADLESS=1: starting the headless broker with the web UI.' };
  }
  const found = findElectron(require);
  if (!found.binary)
    return { line: `Electron runtime not available (${found.reason}); ${fallback}` };
  const noDisplay = missingDisplay(env);
  if (noDisplay) return { line: `Electron runtime found, but ${noDisplay}; ${fallback}` };
  return { binary: found.binary };
}

function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(`start: could not run ${command}: ${error.message}`);
    process.exit(1);
  });
}

/** Flags only the desktop app takes (with whether they carry a value); `serve` would refuse them. */
const DESKTOP_ONLY = new Map([
  ['--hidden', false],
  ['--remote', true],
  ['--remote-token', true],
]);

/** `args` without the desktop-only flags (and their values), and the names of those dropped. */
export function withoutDesktopFlags(args) {
  const serveArgs = [];
  const dropped = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].split('=')[0];
    if (!DESKTOP_ONLY.has(name)) {
      serveArgs.push(args[i]);
      continue;
    }
    if (!dropped.includes(name)) dropped.push(name);
    if (DESKTOP_ONLY.get(name) && !args[i].includes('=')) i++;
  }
  return { serveArgs, dropped };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const runtime = chooseRuntime();
  if (runtime.binary) {
    run(runtime.binary, ['.', ...args]);
  } else {
    console.log(runtime.line);
    const { serveArgs, dropped } = withoutDesktopFlags(args);
    if (dropped.length > 0)
      console.log(`start: the headless broker ignores the desktop-only ${dropped.join(', ')}`);
    run(process.execPath, [join(root, 'bin', 'clarity-hitl.js'), 'serve', ...serveArgs]);
  }
}
