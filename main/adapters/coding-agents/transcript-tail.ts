import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  realpathSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HookAgent } from './hook-wire';

/** The most read from the end of a transcript. */
export const TAIL_BYTES = 256 * 1024;
/** The turns shown, and how much of each. */
const TURNS = 6;
const TURN_CHARS = 1500;

/** Where each agent writes its session transcripts (the only place one is read from). */
export function transcriptRoots(env: NodeJS.ProcessEnv = process.env): Record<HookAgent, string> {
  const home = os.homedir();
  return {
    'claude-code': path.join(env.CLAUDE_CONFIG_DIR || path.join(home, '.claude'), 'projects'),
    codex: path.join(env.CODEX_HOME || path.join(home, '.codex'), 'sessions'),
  };
}

export interface Turn {
  role: 'user' | 'assistant';
  text: string;
}

/**
 * The session's last turns from the transcript the agent names (`transcript_path`): read only
 * when the file lies under `root` (real paths; no link anywhere on the way, the file itself
 * opened without following one), is a regular file, and only its last 256 KiB. Undefined when
 * it may not or cannot be read.
 */
export function transcriptTail(file: string, root: string): Turn[] | undefined {
  try {
    if (!path.isAbsolute(file) || !file.endsWith('.jsonl')) return undefined;
    const realRoot = realpathSync(root);
    const resolved = path.resolve(file);
    // No link on the way: the real path is the path itself (under the root's real path).
    const real = realpathSync(resolved);
    const inside = path.relative(realRoot, real);
    if (!inside || inside.startsWith('..') || path.isAbsolute(inside)) return undefined;
    if (real !== resolved && real !== path.join(realRoot, path.relative(root, resolved)))
      return undefined;
    if (lstatSync(resolved).isSymbolicLink()) return undefined;
    const fd = openSync(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) return undefined;
      const length = Math.min(stat.size, TAIL_BYTES);
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, stat.size - length);
      const lines = buffer.toString('utf8').split('\n');
      if (stat.size > length) lines.shift(); // the first line is cut
      return turnsOf(lines).slice(-TURNS);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** User and assistant text from transcript lines (Claude Code's and Codex's JSONL shapes). */
function turnsOf(lines: string[]): Turn[] {
  const turns: Turn[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const message = (entry.message ?? entry.payload) as Record<string, unknown> | undefined;
    if (!message || typeof message !== 'object') continue;
    const role = message.role;
    if (role !== 'user' && role !== 'assistant') continue;
    if (entry.isMeta === true || entry.isSidechain === true) continue;
    const text = textOf(message.content).trim();
    if (!text) continue;
    turns.push({
      role,
      text: text.length > TURN_CHARS ? `${text.slice(0, TURN_CHARS)}…` : text,
    });
  }
  return turns;
}

/** The readable text of a message's content: text parts, and a tool call named as such. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: Record<string, unknown>) => {
      if (typeof part?.text === 'string') return part.text;
      if (part?.type === 'tool_use' && typeof part.name === 'string') return `[${part.name}]`;
      return '';
    })
    .filter(Boolean)
    .join('\n');
}

/**
 * The turns as the card's context: each a label and its text in a code block (no markdown of the
 * agent's is rendered: no links, no images, nothing it wrote turns into something to click).
 */
export function transcriptContext(turns: Turn[], runtime: string): string | undefined {
  if (turns.length === 0) return undefined;
  const blocks = turns.map((turn) => {
    const longest = Math.max(2, ...[...turn.text.matchAll(/`+/g)].map((m) => m[0].length));
    const ticks = '`'.repeat(longest + 1);
    const who = turn.role === 'user' ? 'You' : runtime;
    return `**${who}:**\n\n${ticks}text\n${turn.text}\n${ticks}`;
  });
  return [`_Recent turns of this session (from its transcript):_`, ...blocks].join('\n\n');
}
