import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';

/** Folders an agent controls itself or that run code on their own: a glob never covers them. */
export const CONTROL_DIRS: readonly string[] = ['.git', '.claude', '.codex', '.husky', '.vscode'];

const GLOB_CHARS = /[*?[\]{}()!+@]/;

/** `absolute` with every symlink of its existing part resolved (the rest kept as written). */
export function realPath(absolute: string): string {
  let existing = path.resolve(absolute);
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) return path.resolve(absolute);
    rest.unshift(path.basename(existing));
    existing = parent;
  }
  try {
    return path.join(realpathSync(existing), ...rest);
  } catch {
    return path.resolve(absolute);
  }
}

/**
 * The project-relative path (with `/`) of `file` after resolving symlinks of both, or null when
 * it is not inside the project (a symlink in the project that leads out of it is outside).
 */
export function projectPath(project: string, cwd: string, file: string): string | null {
  const root = realPath(project);
  const real = realPath(path.resolve(cwd, file));
  const relative = path.relative(root, real);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep).join('/');
}

/** The control dir a project path lies in (`.git/hooks/x` → `.git`), if any. */
export function controlDirOf(relative: string): string | undefined {
  return relative.split('/').find((segment) => CONTROL_DIRS.includes(segment.toLowerCase()));
}

/**
 * Why `glob` may not be a path rule, or undefined: it is relative, stays in the project, starts
 * with a named folder (never the whole project: `**`, `*.ts`), and names no control dir.
 */
export function globProblem(glob: string): string | undefined {
  const segments = glob.split('/');
  if (path.isAbsolute(glob) || segments.includes('..'))
    return `${glob} leaves the project: a glob is relative to the project and stays in it`;
  if (segments.length < 2 || GLOB_CHARS.test(segments[0]!) || segments[0] === '.')
    return `${glob} covers the whole project: a glob starts with a folder of it`;
  const control = segments.find((s) => CONTROL_DIRS.includes(s.toLowerCase()));
  if (control) return `${control}/ is never covered by a glob: only one exact file there`;
  return undefined;
}

/** True when the path rule's glob covers this project path (dot-dirs only where the glob names them). */
export function globCovers(glob: string, relative: string): boolean {
  if (globProblem(glob) || controlDirOf(relative)) return false;
  return picomatch(glob, { dot: false })(relative);
}

/** Up to `max` files of the project matching `glob` (skipping dot entries), for the card's examples. */
export function exampleFiles(project: string, dir: string, glob: string, max: number): string[] {
  const found: string[] = [];
  const queue = [dir];
  let seen = 0;
  while (queue.length > 0 && found.length < max && seen < 400) {
    const current = queue.shift()!;
    let entries;
    try {
      entries = readdirSync(path.join(project, current), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      seen += 1;
      if (entry.name.startsWith('.')) continue;
      const relative = current === '' ? entry.name : `${current}/${entry.name}`;
      if (entry.isDirectory()) queue.push(relative);
      else if (entry.isFile() && globCovers(glob, relative)) found.push(relative);
      if (found.length >= max) break;
    }
  }
  return found;
}
