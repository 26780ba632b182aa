import path from 'node:path';
import type { RuleScope } from '@contract/approval';

/** Tools whose input is one shell command (Claude Code's Bash, Codex's shell tools as `Bash`). */
const SHELL_TOOLS = new Set(['Bash', 'shell', 'exec_command', 'local_shell', 'unified_exec']);
/** Tools that change one file. */
const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'apply_patch']);

/** What a tool call does, in the few shapes the inbox shows specially. */
export type ToolCall =
  | { kind: 'shell'; tool: string; command: string; description?: string }
  | { kind: 'edit'; tool: string; file: string; relative: string; diff: string }
  | { kind: 'mcp'; tool: string; server: string; name: string; input: Record<string, unknown> }
  | { kind: 'other'; tool: string; input: Record<string, unknown> };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Reads a tool call from a hook event's `tool_name` and `tool_input`. */
export function readToolCall(tool: string, input: Record<string, unknown>, cwd: string): ToolCall {
  const command =
    str(input.command) ?? (Array.isArray(input.command) ? shellJoin(input.command) : undefined);
  if (SHELL_TOOLS.has(tool) && command !== undefined) {
    const description = str(input.description);
    return { kind: 'shell', tool, command, ...(description ? { description } : {}) };
  }
  const file = str(input.file_path) ?? str(input.notebook_path) ?? str(input.path);
  if (EDIT_TOOLS.has(tool) && file !== undefined) {
    return { kind: 'edit', tool, file, relative: relativeTo(cwd, file), diff: editDiff(input) };
  }
  const mcp = /^mcp__(.+?)__(.+)$/.exec(tool);
  if (mcp) return { kind: 'mcp', tool, server: mcp[1]!, name: mcp[2]!, input };
  return { kind: 'other', tool, input };
}

/** `file` relative to `cwd` when inside it, else as given. */
export function relativeTo(cwd: string, file: string): string {
  const absolute = path.resolve(cwd, file);
  const relative = path.relative(cwd, absolute);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** A unified-diff-like body for an edit: `-` old lines, `+` new lines, one hunk per edit. */
export function editDiff(input: Record<string, unknown>): string {
  const hunk = (oldText: string, newText: string) =>
    [...lines(oldText).map((l) => `-${l}`), ...lines(newText).map((l) => `+${l}`)].join('\n');
  if (Array.isArray(input.edits)) {
    return input.edits
      .map((e: Record<string, unknown>) => hunk(str(e?.old_string) ?? '', str(e?.new_string) ?? ''))
      .join('\n@@\n');
  }
  if (str(input.content) !== undefined) return hunk('', str(input.content)!);
  if (str(input.new_source) !== undefined) return hunk('', str(input.new_source)!);
  return hunk(str(input.old_string) ?? '', str(input.new_string) ?? '');
}

function lines(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\n$/, '').split('\n');
}

function shellJoin(parts: unknown[]): string {
  return parts
    .map((p) => (/^[\w@%+=:,./-]+$/.test(String(p)) ? String(p) : JSON.stringify(String(p))))
    .join(' ');
}

/**
 * The "always allow" scope suggested for a call: the command's first words (a program and its
 * subcommand) for a shell tool, the file's folder for an edit, the tool alone otherwise.
 */
export function suggestedScope(call: ToolCall): RuleScope {
  if (call.kind === 'shell') {
    const words = call.command.trim().split(/\s+/);
    const take = words.length > 1 && /^[a-z][\w:.-]*$/i.test(words[1]!) ? 2 : 1;
    return { commandPrefix: words.slice(0, take).join(' ') };
  }
  if (call.kind === 'edit') {
    const dir = path.posix.dirname(call.relative.split(path.sep).join('/'));
    return { pathGlob: dir === '.' || path.isAbsolute(call.relative) ? '**' : `${dir}/**` };
  }
  return {};
}
