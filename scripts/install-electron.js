#!/usr/bin/env node
// `postinstall`: downloads the Electron runtime (the desktop app) with electron's own installer.
// electron's package script is denied in package.json's allowScripts and run from here instead: when
// the download fails (offline, behind a proxy) npm would otherwise drop the whole electron package,
// its types with it, and `npm run typecheck` / the build would break. Here a failure is one line and
// `npm start` runs the headless broker with the web UI instead. Run this file again to retry.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const installer = join(root, 'node_modules', 'electron', 'install.js');
/** A download that hangs (a proxy that drops packets) must not hang `npm ci` with it. */
const TIMEOUT_MS = 15 * 60_000;
const HEADLESS = 'npm start will run the headless broker with the web UI';

/** The last line of the installer's output that says something (its error), without the stack. */
function reason(output) {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '));
  return lines.find((line) => /error/i.test(line)) ?? lines.at(-1) ?? 'no output';
}

if (!existsSync(installer)) {
  // Production installs (`--omit=dev`) have no electron package: nothing to download.
  process.exit(0);
}
if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  console.log(
    `Electron runtime not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD is set); ${HEADLESS}.`,
  );
  process.exit(0);
}

const child = spawn(process.execPath, [installer], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
const timer = setTimeout(() => {
  output += `\nError: no answer from the download within ${TIMEOUT_MS / 60_000} minutes`;
  child.kill();
}, TIMEOUT_MS);
child.on('close', (code) => {
  clearTimeout(timer);
  if (code === 0) {
    if (output.trim()) process.stdout.write(output);
    return;
  }
  console.log(
    `Electron runtime not downloaded (${reason(output)}); ${HEADLESS}. ` +
      'Retry with `node scripts/install-electron.js` once online.',
  );
});
child.on('error', (error) => {
  clearTimeout(timer);
  console.log(`Electron runtime not downloaded (${error.message}); ${HEADLESS}.`);
});
