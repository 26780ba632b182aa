import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROTOCOL_TEXT } from './protocol-text';
import {
  expandPath,
  configPath,
  initConfig,
  platformKey,
  readConfig,
  type ProtoConfig,
  type ProtoEnv,
} from './proto-config';

const BEGIN = '<!-- HUMAN_AGENT_PROTO_BEGIN -->';
const END = '<!-- HUMAN_AGENT_PROTO_END -->';
const BEGIN_RE = /<!--\s*(?:HUMAN|HUAMN)_AGENT_PROTO_BEGIN\s*-->/;
const END_RE = /<!--\s*(?:HUMAN|HUAMN)_AGENT_PROTO_END\s*-->/;

export interface ProtoIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  home?: string;
  platform?: NodeJS.Platform;
}

/**
 * `cueme proto …` as the original: writes the protocol into an agent's rules file between
 * HUMAN_AGENT_PROTO markers (`apply`), takes it out (`rm`), lists agents (`ls`), shows the target
 * (`path`), creates `~/.cue/cueme.json` (`init`), or prints what `apply` writes (`<agent>`).
 */
export function proto(args: string[], io: ProtoIo): number {
  const e: ProtoEnv = {
    home: io.home ?? os.homedir(),
    env: io.env,
    platform: io.platform ?? process.platform,
    cwd: io.cwd,
  };
  const [action, agent] = args;
  const needsAgent = ['apply', 'rm', 'remove', 'path'].includes(action ?? '');
  if (!action || (needsAgent && !agent)) {
    io.stderr('error: missing <agent>\n');
    return 2;
  }
  try {
    const line = (text: string) => io.stdout(text.endsWith('\n') ? text : `${text}\n`);
    if (action === 'ls') line(listAgents(readConfig(e, PROTOCOL_TEXT)).join('\n'));
    else if (action === 'init') line(init(e));
    else if (action === 'apply') line(apply(e, agent!));
    else if (action === 'rm' || action === 'remove') line(remove(e, agent!));
    else if (action === 'path') line(targetPath(readConfig(e, PROTOCOL_TEXT), agent!, e));
    else line(managedText(readConfig(e, PROTOCOL_TEXT), action, e, '\n'));
    return 0;
  } catch (error) {
    io.stderr(`${(error as Error).message}\n`);
    return 2;
  }
}

function init(e: ProtoEnv): string {
  const file = configPath(e);
  if (!initConfig(e, PROTOCOL_TEXT)) return `ok: exists ${file}`;
  const p = platformKey(e.platform);
  return `ok: initialized ${file} (auto-detect: ${p}.vscode=empty, ${p}.windsurf=empty, ${p}.kiro=empty)`;
}

function listAgents(config: ProtoConfig): string[] {
  const agents = new Set(Object.keys(config['cueme.proto.prefix'] ?? {}));
  for (const key of Object.keys(config['cueme.proto.path'] ?? {})) {
    const parts = key.split('.');
    if (parts.length === 2) agents.add(parts[1]!);
  }
  return [...agents].sort();
}

function targetPath(config: ProtoConfig, agent: string, e: ProtoEnv): string {
  const key = `${platformKey(e.platform)}.${agent}`;
  const value = config['cueme.proto.path']?.[key];
  if (typeof value !== 'string' || !value.trim())
    throw new Error(`error: target path not configured: cueme.proto.path["${key}"]`);
  return expandPath(value, e);
}

/** The prefix and the marked protocol block, as `apply` writes them. */
function managedText(config: ProtoConfig, agent: string, e: ProtoEnv, eol: string): string {
  const prefixRaw = config['cueme.proto.prefix']?.[agent];
  const prefix = Array.isArray(prefixRaw) ? prefixRaw.map(String).join('\n') : prefixRaw;
  if (typeof prefix !== 'string')
    throw new Error(`error: prefix not configured: cueme.proto.prefix["${agent}"]`);
  const custom = config['cueme.proto.protocol_path'];
  let protocol = PROTOCOL_TEXT;
  if (typeof custom === 'string' && custom.trim()) {
    try {
      protocol = readFileSync(expandPath(custom, e), 'utf8');
    } catch {
      throw new Error('error: cannot read protocol.md');
    }
  }
  const lines = protocol.replace(/\r\n?/g, '\n').split('\n');
  const block = [BEGIN, ...lines, END].join(eol) + eol;
  return prefix.trim() ? prefix.replace(/\r\n?/g, '\n') + eol + eol + block : block;
}

function apply(e: ProtoEnv, agent: string): string {
  const config = readConfig(e, PROTOCOL_TEXT);
  const target = targetPath(config, agent, e);
  const existing = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
  const eol = existing === undefined ? os.EOL : existing.includes('\r\n') ? '\r\n' : '\n';
  const block = managedText(config, agent, e, eol);
  let out = block;
  if (existing !== undefined) {
    const replaced = replaceBlock(existing, block, eol);
    out = replaced ?? (existing.endsWith(eol) ? existing : existing + eol) + block;
  }
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, out, 'utf8');
  return `ok: applied to ${target}`;
}

function remove(e: ProtoEnv, agent: string): string {
  const target = targetPath(readConfig(e, PROTOCOL_TEXT), agent, e);
  if (!existsSync(target)) return `ok: file does not exist: ${target}`;
  const existing = readFileSync(target, 'utf8');
  const eol = existing.includes('\r\n') ? '\r\n' : '\n';
  const out = replaceBlock(existing, '', eol);
  if (out === undefined) return `ok: no managed block found in: ${target}`;
  if (!out.trim()) {
    unlinkSync(target);
    return `ok: removed managed block and deleted empty file: ${target}`;
  }
  writeFileSync(target, out, 'utf8');
  return `ok: removed managed block from: ${target}`;
}

/** `existing` with its marked block replaced by `block`; undefined when it has none. */
function replaceBlock(existing: string, block: string, eol: string): string | undefined {
  const begin = BEGIN_RE.exec(existing);
  const end = END_RE.exec(existing);
  if (!begin || !end || end.index <= begin.index) return undefined;
  const after = existing.slice(end.index + end[0].length);
  return (
    existing.slice(0, begin.index) +
    block +
    (after.startsWith(eol) ? after.slice(eol.length) : after)
  );
}
