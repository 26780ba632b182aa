// Shared by the bin/ entries: runs a CLI from out/main/ (plain Node, no Electron). In a checkout
// where `npm run build` has not run yet (just after `npm ci`, so `npx clarity-hitl` works at once),
// it builds first; the build's output goes to stderr so the CLI's stdout stays its own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the project when `entry` (e.g. `cli.js`) is missing and this is a checkout; the exit code. */
function buildIfMissing(name, entry) {
  const built = fileURLToPath(new URL(`../out/main/${entry}`, import.meta.url));
  const builder = fileURLToPath(
    new URL('../node_modules/electron-vite/bin/electron-vite.js', import.meta.url),
  );
  if (existsSync(built) || !existsSync(builder)) return 0;
  console.error(`${name}: not built yet; building it once (npm run build)…`);
  const result = spawnSync(process.execPath, [builder, 'build'], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  return result.status ?? 1;
}

/** Imports out/main/`entry`, building it first when needed; says how to build when it cannot. */
export async function runBuilt(name, entry) {
  if (buildIfMissing(name, entry) !== 0) {
    console.error(`${name}: the build failed (above). Fix it, then run \`npm run build\`.`);
    process.exit(70);
  }
  try {
    await import(new URL(`../out/main/${entry}`, import.meta.url).href);
  } catch (error) {
    if (
      error?.code === 'ERR_MODULE_NOT_FOUND' &&
      String(error.message).includes(`out/main/${entry}`)
    ) {
      console.error(
        `${name}: the CLI is not built yet. Run \`npm run build\` in the project first.`,
      );
      process.exit(70);
    }
    throw error;
  }
}
