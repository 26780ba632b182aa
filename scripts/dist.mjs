#!/usr/bin/env node
// `npm run dist`: the installer for this OS (AppImage + deb, dmg + zip, or NSIS) in dist/.
// electron-builder packages the Electron runtime, so a machine that never downloaded it (offline)
// is told so in one line instead of a stack trace. Extra arguments go to electron-builder.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectron } from './start.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The one line a machine without the Electron runtime gets. */
export function missingElectronMessage(reason) {
  return `npm run dist needs the Electron runtime, which is not available here (${reason}): run \`npm install\` on a machine with internet access (it downloads Electron), then \`npm run dist\` again.`;
}

/** electron-builder's arguments: never publish from a developer's machine unless asked to. */
export function builderArgs(args) {
  return args.some((a) => a === '--publish' || a.startsWith('--publish=') || a === '-p')
    ? args
    : [...args, '--publish', 'never'];
}

function run(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`dist: could not run ${script}: ${error.message}`);
      resolve(1);
    });
  });
}

async function main() {
  const found = findElectron();
  if (!found.binary) {
    console.error(missingElectronMessage(found.reason));
    return 1;
  }
  const require = createRequire(import.meta.url);
  const vite = join(dirname(require.resolve('electron-vite/package.json')), 'bin/electron-vite.js');
  const built = await run(vite, ['build']);
  if (built !== 0) return built;
  const builder = join(dirname(require.resolve('electron-builder/package.json')), 'cli.js');
  return run(builder, builderArgs(process.argv.slice(2)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main();
}
