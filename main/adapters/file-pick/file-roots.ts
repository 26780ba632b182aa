import { realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { InvalidInputError } from '../../broker/errors';

export interface FileRootPolicyOptions {
  /**
   * Roots the operator allows (`--file-root`, the desktop setting; a function is read at each
   * check, as settings change while running). None: the default rule below.
   */
  roots?: readonly string[] | (() => readonly string[]);
  /** The watched handshake dirs, always allowed (read when checking: they change while running). */
  handshakeDirs?: () => readonly string[];
  /** The operator's home (default os.homedir()). */
  home?: string;
  /** Told about every refused root, for the operator's log. */
  onRefused?: (root: string, reason: string) => void;
}

/**
 * Which directories an agent may offer the operator to pick a file from (`file_pick`'s
 * `task_id`). The operator decides: the handshake dirs, plus the `--file-root` dirs when given;
 * without any, any directory below the operator's home that is not hidden (an agent's own
 * working dir; never `~` itself, `~/.ssh` or `~/.config`). Paths are compared after resolving
 * symlinks, so `..` segments or links cannot leave an allowed root; `/etc`, `/proc/self` and the
 * like are refused with an error for the agent and a line for the operator.
 */
export class FileRootPolicy {
  constructor(private readonly options: FileRootPolicyOptions = {}) {}

  /** The real path of `root` when allowed; throws InvalidInputError saying why not. */
  check(root: string): string {
    const refuse = (reason: string): never => {
      this.options.onRefused?.(root, reason);
      throw new InvalidInputError(`invalid ui: file_pick root ${root} ${reason}`);
    };
    if (!isAbsolute(root)) refuse('is not an absolute path');
    const real = realOrUndefined(root);
    if (real === undefined) return refuse('does not exist');
    if (!statSync(real).isDirectory()) refuse('is not a directory');
    const roots =
      typeof this.options.roots === 'function' ? this.options.roots() : (this.options.roots ?? []);
    const allowed = [...roots, ...(this.options.handshakeDirs?.() ?? [])]
      .map(realOrUndefined)
      .filter((r): r is string => r !== undefined);
    if (allowed.some((r) => within(r, real))) return real;
    if (roots.length === 0) {
      const home = realOrUndefined(this.options.home ?? homedir());
      const rel = home === undefined ? '' : relative(home, real);
      if (home !== undefined && within(home, real) && rel !== '' && !rel.startsWith('.'))
        return real;
    }
    const list = roots.length
      ? `the roots the operator allows (${roots.join(', ')}) or a handshake dir`
      : `a handshake dir or a non-hidden directory below the operator's home`;
    return refuse(
      `is not inside ${list}; the operator can allow it with \`clarity-hitl serve --file-root <dir>\``,
    );
  }
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(resolve(path));
  } catch {
    return undefined;
  }
}

/** True when `path` is `root` or below it (both real paths). */
function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}
