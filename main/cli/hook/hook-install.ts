import {
  chmodSync,
  chownSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import type { HookAgent } from '../../adapters/coding-agents/hook-event';
import { CliError } from '../options';
import { INSTALLED_EVENTS, INSTALLED_TIMEOUT_S, isOurCommand } from './hook-settings';

type Json = Record<string, unknown>;
interface Group {
  matcher?: string;
  hooks?: Json[];
  [key: string]: unknown;
}

export interface InstallResult {
  file: string;
  changed: boolean;
  /** Where the previous file was copied, when there was one and it changed. */
  backup?: string;
  events: string[];
}

/**
 * Merges this CLI's hook into an agent's settings file: one matcher group per event, added once
 * (a second install only refreshes the command). Everything else in the file stays as it was.
 */
export function installHook(file: string, agent: HookAgent, command: string): InstallResult {
  const settings = readSettings(file);
  const hooks = objectAt(settings, 'hooks', file);
  const events = INSTALLED_EVENTS[agent];
  for (const event of events) {
    const groups = (hooks[event] ??= []) as Group[];
    if (!Array.isArray(groups)) throw new CliError(`${file}: hooks.${event} is not a list`);
    const ours = groups.flatMap((g) => g.hooks ?? []).find((h) => isOurCommand(h.command, agent));
    if (ours) Object.assign(ours, { type: 'command', command, timeout: INSTALLED_TIMEOUT_S });
    else
      groups.push({
        ...(event === 'PermissionRequest' ? { matcher: '*' } : {}),
        hooks: [{ type: 'command', command, timeout: INSTALLED_TIMEOUT_S }],
      });
  }
  return { ...writeIfChanged(file, settings), events };
}

/** Removes exactly the handlers `installHook` adds (and groups / lists left empty by that). */
export function uninstallHook(file: string, agent: HookAgent): InstallResult {
  if (!existsSync(file)) return { file, changed: false, events: [] };
  const settings = readSettings(file);
  const hooks = settings.hooks as Record<string, Group[]> | undefined;
  const removed: string[] = [];
  if (hooks && typeof hooks === 'object') {
    for (const [event, groups] of Object.entries(hooks)) {
      if (!Array.isArray(groups)) continue;
      const kept = groups
        .map((g) => {
          const left = (g.hooks ?? []).filter((h) => !isOurCommand(h.command, agent));
          if (left.length === (g.hooks ?? []).length) return g;
          if (!removed.includes(event)) removed.push(event);
          return left.length ? { ...g, hooks: left } : undefined;
        })
        .filter((g): g is Group => g !== undefined);
      if (kept.length) hooks[event] = kept;
      else if (removed.includes(event)) delete hooks[event];
    }
    if (Object.keys(hooks).length === 0) delete settings.hooks;
  }
  return { ...writeIfChanged(file, settings), events: removed };
}

/** The events this agent's hook is installed for in `file` (empty when none or no file). */
export function installedEvents(file: string, agent: HookAgent): string[] {
  if (!existsSync(file)) return [];
  const hooks = readSettings(file).hooks as Record<string, Group[]> | undefined;
  if (!hooks || typeof hooks !== 'object') return [];
  return Object.entries(hooks)
    .filter(([, groups]) =>
      Array.isArray(groups)
        ? groups.some((g) => (g.hooks ?? []).some((h) => isOurCommand(h.command, agent)))
        : false,
    )
    .map(([event]) => event);
}

function readSettings(file: string): Json {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON (${(error as Error).message}); left unchanged`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new CliError(`${file} does not hold a JSON object; left unchanged`);
  return parsed as Json;
}

function objectAt(parent: Json, key: string, file: string): Record<string, unknown[]> {
  const value = (parent[key] ??= {});
  if (typeof value !== 'object' || Array.isArray(value))
    throw new CliError(`${file}: "${key}" is not an object; left unchanged`);
  return value as Record<string, unknown[]>;
}

/**
 * Writes `settings` when they differ from the file: a backup first, then a temp file renamed over
 * the real file (a symlinked settings file stays a link), with the file's own mode and owner
 * (a settings file kept 0600 for a secret in `env` stays 0600).
 */
function writeIfChanged(
  file: string,
  settings: Json,
): { file: string; changed: boolean; backup?: string } {
  const next = `${JSON.stringify(settings, null, 2)}\n`;
  const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (
    before !== undefined &&
    JSON.stringify(JSON.parse(before || '{}')) === JSON.stringify(settings)
  )
    return { file, changed: false };
  mkdirSync(path.dirname(file), { recursive: true });
  const target = before === undefined ? file : realpathSync(file);
  const stat = before === undefined ? undefined : statSync(target);
  let backup: string | undefined;
  if (before !== undefined) {
    backup = freeName(`${file}.bak-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    copyFileSync(target, backup, constants.COPYFILE_EXCL);
    chmodSync(backup, stat!.mode & 0o7777);
  }
  const temp = `${target}.${process.pid}.tmp`;
  // Created no more open than the original (the umask only narrows), then given its exact mode.
  writeFileSync(temp, next, { mode: stat ? stat.mode & 0o777 : 0o666 });
  if (stat && !sameModeAndOwner(temp, stat)) {
    // Not ours to give away (another owner and we are not root): write in place, which keeps both.
    rmSync(temp, { force: true });
    writeFileSync(target, next);
  } else renameSync(temp, target);
  return { file, changed: true, ...(backup ? { backup } : {}) };
}

/** `name`, or `name-2`, `name-3`, ... when taken: a backup never replaces an earlier one. */
function freeName(name: string): string {
  let candidate = name;
  for (let n = 2; existsSync(candidate); n += 1) candidate = `${name}-${n}`;
  return candidate;
}

/** Gives `temp` the mode and owner of `stat`; false when the owner cannot be given. */
function sameModeAndOwner(temp: string, stat: Stats): boolean {
  chmodSync(temp, stat.mode & 0o7777);
  const mine = statSync(temp);
  if (mine.uid === stat.uid && mine.gid === stat.gid) return true;
  try {
    chownSync(temp, stat.uid, stat.gid);
    chmodSync(temp, stat.mode & 0o7777);
    return true;
  } catch {
    return false;
  }
}
