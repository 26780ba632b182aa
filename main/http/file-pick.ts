import path from 'node:path';
import { glob } from 'tinyglobby';

/** Most files a file-pick request lists. */
export const MAX_PICKABLE_FILES = 5000;

/**
 * Files under `root` matching `pattern`, as paths relative to `root`. Never leaves the root:
 * absolute or `..` patterns are rejected, symlinks are not followed, dot-files are skipped.
 */
export async function listPickableFiles(root: string, pattern: string): Promise<string[]> {
  if (path.isAbsolute(pattern) || pattern.split(/[\\/]/).includes('..')) return [];
  const files = await glob(pattern, {
    cwd: root,
    onlyFiles: true,
    followSymbolicLinks: false,
    dot: false,
    ignore: ['**/node_modules/**', '**/.git/**'],
  });
  return files.sort().slice(0, MAX_PICKABLE_FILES);
}
