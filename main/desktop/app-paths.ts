import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the built pieces live, relative to the built main bundle (out/main/desktop.js). */
export function builtPaths(mainModuleUrl: string, appRoot: string) {
  const outMain = dirname(fileURLToPath(mainModuleUrl));
  return {
    preload: join(outMain, '..', 'preload', 'index.cjs'),
    rendererIndex: join(outMain, '..', 'renderer', 'index.html'),
    trayIcon: (name: 'idle' | 'pending') => join(appRoot, 'build', 'tray', `tray-${name}.png`),
    appIcon: join(appRoot, 'build', 'icon.png'),
  };
}
