import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { InvalidInputError } from '../../broker/errors';

export interface ListFilesOptions {
  /** At most this many paths are returned (default 1000). */
  max?: number;
}

export interface FileListing {
  /** Paths relative to the root, `/`-separated, sorted. */
  files: string[];
  /** True when more files matched than `max`. */
  truncated: boolean;
}

/**
 * Rejects patterns that could reach outside the root: absolute paths, drive letters, `..`
 * segments, home (`~`) and backslashes (which picomatch would treat as escapes, not separators).
 */
export function assertSafePattern(pattern: string): void {
  const p = pattern.trim();
  if (!p) throw new InvalidInputError('invalid file pattern: pattern is empty');
  if (isAbsolute(p) || p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.startsWith('~')) {
    throw new InvalidInputError(
      `invalid file pattern: ${pattern} must be relative to the workspace`,
    );
  }
  if (p.includes('\\'))
    throw new InvalidInputError(`invalid file pattern: ${pattern} must use / as separator`);
  if (
    p
      .split('/')
      .some((segment) => segment === '..' || /^\.\.?[{(@!+*?]|[{,]\.\.[},/]/.test(segment))
  ) {
    throw new InvalidInputError(`invalid file pattern: ${pattern} must not contain ..`);
  }
}

/**
 * Lists files matching `pattern` inside `root`: never outside it. Symbolic links are neither followed
 * nor listed
 * (belt and braces: a match whose real path leaves the root is dropped too).
 */
export async function listFiles(
  root: string,
  pattern: string,
  options: ListFilesOptions = {},
): Promise<FileListing> {
  assertSafePattern(pattern);
  if (!isAbsolute(root))
    throw new InvalidInputError(`invalid file root: ${root} is not an absolute path`);
  const max = options.max ?? 1000;
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    return { files: [], truncated: false };
  }
  // The root was checked (and stored as its real path) when the request was made: a workspace
  // replaced by a link to elsewhere since then is not listed.
  if (realRoot !== resolve(root))
    throw new InvalidInputError(`invalid file root: ${root} now leads to ${realRoot}`);
  // Loaded on first use: its directory walker (fdir) looks for picomatch in node_modules as it
  // loads, six more modules at every broker start for a listing few starts ever make.
  const { glob } = await import('tinyglobby');
  const matches = await glob([pattern.trim()], {
    cwd: realRoot,
    onlyFiles: true,
    followSymbolicLinks: false,
    expandDirectories: false,
    dot: false,
  });
  matches.sort();
  const files: string[] = [];
  for (const match of matches) {
    if (files.length >= max) return { files, truncated: true };
    if (await isInside(realRoot, resolve(realRoot, match))) files.push(match.split(sep).join('/'));
  }
  return { files, truncated: false };
}

/** True when `path` (after resolving symlinks) is `root` or below it. */
export async function isInside(realRoot: string, path: string): Promise<boolean> {
  try {
    const real = await realpath(path);
    const rel = relative(realRoot, real);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  } catch {
    return false;
  }
}

/**
 * Checks an operator-picked path against the request's root and pattern listing rules and
 * returns it normalised (relative, `/`-separated); throws when it would leave the root.
 */
export async function resolvePickedPath(root: string, picked: string): Promise<string> {
  assertSafePattern(picked);
  const realRoot = await realpath(root).catch(() => root);
  const full = resolve(realRoot, picked);
  if (!(await isInside(realRoot, full)))
    throw new InvalidInputError(`invalid file: ${picked} is not a file inside the workspace`);
  const stats = await stat(full).catch(() => undefined);
  if (!stats?.isFile())
    throw new InvalidInputError(
      `invalid file: ${picked} is ${stats?.isDirectory() ? 'a directory' : 'not a regular file'}, not a file`,
    );
  return relative(realRoot, full).split(sep).join('/');
}
