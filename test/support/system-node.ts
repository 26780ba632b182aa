import { spawnSync } from 'node:child_process';
import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The `node` a shell finds on PATH outside any `node_modules/.bin` (npm scripts run the project's
 * own Node from there; a global install, or a hook command a coding agent runs, uses this one),
 * with its version, or undefined when there is none besides the one running the tests.
 */
export function systemNode(): { path: string; version: string } | undefined {
  const running = realpathSync(process.execPath);
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir || /node_modules[\\/]\.bin/.test(dir)) continue;
    const candidate = join(dir, process.platform === 'win32' ? 'node.exe' : 'node');
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    if (realpathSync(candidate) === running) return undefined;
    const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout.trim();
    return version ? { path: candidate, version } : undefined;
  }
  return undefined;
}
