import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `out/renderer` of this package (found by walking up to package.json), where the UI is built. */
export function defaultRendererDir(
  from: string = path.dirname(fileURLToPath(import.meta.url)),
): string | undefined {
  let dir = from;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'out', 'renderer');
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
