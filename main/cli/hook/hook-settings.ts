import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HookAgent } from '../../adapters/coding-agents/hook-event';

export type HookScope = 'project' | 'user';

/** The events each agent's hook is installed for. */
export const INSTALLED_EVENTS: Record<HookAgent, string[]> = {
  // PermissionRequest asks; Notification shows "waiting for your input"; Stop/SessionEnd clear it.
  'claude-code': ['PermissionRequest', 'Notification', 'Stop', 'SessionEnd'],
  codex: ['PermissionRequest'],
};

/** Seconds the agent lets the hook run (the hook itself gives up 30 s before). */
export const INSTALLED_TIMEOUT_S = 600;

/**
 * The agent's own settings file that holds hooks:
 * - Claude Code: `.claude/settings.json` in the project, or `~/.claude/settings.json`
 * - Codex: `.codex/hooks.json` in the project, or `$CODEX_HOME/hooks.json` (`~/.codex/`)
 */
export function settingsFile(
  agent: HookAgent,
  scope: HookScope,
  where: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): string {
  const env = where.env ?? process.env;
  const home = env.HOME || os.homedir();
  const cwd = where.cwd ?? process.cwd();
  if (agent === 'claude-code') {
    return scope === 'project'
      ? path.join(cwd, '.claude', 'settings.json')
      : path.join(home, '.claude', 'settings.json');
  }
  return scope === 'project'
    ? path.join(cwd, '.codex', 'hooks.json')
    : path.join(env.CODEX_HOME || path.join(home, '.codex'), 'hooks.json');
}

/** The command written into the settings: this Node and this package's bin, quoted. */
export function defaultHookCommand(agent: HookAgent): string {
  const bin = path.join(packageRoot(), 'bin', 'clarity-hitl.js');
  return `${quote(process.execPath)} ${quote(bin)} hook ${agent}`;
}

/** True for a hook handler command this CLI wrote (any path to clarity-hitl, this agent). */
export function isOurCommand(command: unknown, agent: HookAgent): boolean {
  return (
    typeof command === 'string' &&
    new RegExp(`clarity-hitl(\\.js)?["']?\\s+hook\\s+${agent}(\\s|$)`).test(command)
  );
}

/** This package's folder (out/main/ when built, main/cli/hook/ from source). */
function packageRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'bin', 'clarity-hitl.js')) && path.dirname(dir) !== dir)
    dir = path.dirname(dir);
  return dir;
}

function quote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `"${text.replace(/(["\\$`])/g, '\\$1')}"`;
}
