import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** `~/.cue/cueme.json`, the proto settings file (shared with the original cueme). */
export interface ProtoConfig {
  'cueme.proto.path'?: Record<string, unknown>;
  'cueme.proto.prefix'?: Record<string, unknown>;
  /** The protocol file `apply` writes (empty or absent: the built-in text). */
  'cueme.proto.protocol_path'?: unknown;
}

export interface ProtoEnv {
  home: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  cwd: string;
}

export const configPath = (e: ProtoEnv) => path.join(e.home, '.cue', 'cueme.json');

/** `windows`, `macos`, `linux` (the original's names for the `<platform>.<agent>` keys). */
export function platformKey(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'windows' : platform === 'darwin' ? 'macos' : platform;
}

/** Where each agent's rules file lives, per platform (the original's defaults). */
function defaultPaths(e: ProtoEnv): Record<string, string> {
  const profile = e.env.USERPROFILE || e.home;
  const appData = e.env.APPDATA || path.join(profile, 'AppData', 'Roaming');
  const vscode = 'cueme_proto.instructions.md';
  return {
    'macos.vscode': path.join(
      e.home,
      'Library',
      'Application Support',
      'Code',
      'User',
      'prompts',
      vscode,
    ),
    'windows.vscode': path.join(appData, 'Code', 'User', 'prompts', vscode),
    'linux.vscode': path.join(e.home, '.config', 'Code', 'User', 'prompts', vscode),
    'macos.windsurf': path.join(e.home, '.codeium', 'windsurf', 'memories', 'global_rules.md'),
    'windows.windsurf': path.join(profile, '.codeium', 'windsurf', 'memories', 'global_rules.md'),
    'linux.windsurf': path.join(e.home, '.codeium', 'windsurf', 'memories', 'global_rules.md'),
    'macos.kiro': path.join(e.home, '.kiro', 'steering', 'cueme_proto.md'),
    'windows.kiro': path.join(profile, '.kiro', 'steering', 'cueme_proto.md'),
    'linux.kiro': path.join(e.home, '.kiro', 'steering', 'cueme_proto.md'),
  };
}

/**
 * Writes the default settings file when there is none (true when it did), with the protocol text
 * beside it as `~/.cue/protocol.md` so the original cueme can read the same settings.
 */
export function initConfig(e: ProtoEnv, protocolText: string): boolean {
  const file = configPath(e);
  if (existsSync(file)) return false;
  const protocolFile = path.join(path.dirname(file), 'protocol.md');
  const template: ProtoConfig = {
    'cueme.proto.path': defaultPaths(e),
    'cueme.proto.prefix': { windsurf: [], vscode: ['---', 'applyTo: "**"', '---'], kiro: [] },
    'cueme.proto.protocol_path': protocolFile,
  };
  mkdirSync(path.dirname(file), { recursive: true });
  if (!existsSync(protocolFile)) writeFileSync(protocolFile, protocolText, 'utf8');
  writeFileSync(file, `${JSON.stringify(template, null, 2)}\n`, 'utf8');
  return true;
}

/** Reads the settings (creating the default file first); throws the original's error texts. */
export function readConfig(e: ProtoEnv, protocolText: string): ProtoConfig {
  initConfig(e, protocolText);
  const file = configPath(e);
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`error: cannot read config: ${file}`);
  }
  let config: unknown;
  try {
    config = JSON.parse(raw);
  } catch {
    throw new Error(`error: config is not valid JSON: ${file}`);
  }
  if (!config || typeof config !== 'object')
    throw new Error(`error: config must be a JSON object: ${file}`);
  return config as ProtoConfig;
}

/** `~`, `%VAR%` expanded; relative paths from the working directory. */
export function expandPath(p: string, e: ProtoEnv): string {
  let s = p === '~' || /^~[\\/]/.test(p) ? path.join(e.home, p.slice(2)) : p;
  s = s.replace(/%([A-Za-z0-9_]+)%/g, (_, name: string) => e.env[name] ?? '');
  return path.isAbsolute(s) ? s : path.resolve(e.cwd, s);
}
