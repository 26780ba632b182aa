import path from 'node:path';
import { hostOf } from './net-policy';
import { patchFiles } from './patch-files';

/** Tools whose input is one shell command (Claude Code's Bash, Codex's shell tools as `Bash`). */
export const SHELL_TOOLS = new Set([
  'Bash',
  'shell',
  'exec_command',
  'local_shell',
  'unified_exec',
]);
/** Tools that change (or read) files named in their input. */
const FILE_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Read', 'apply_patch']);
const FETCH_TOOLS = new Set(['WebFetch']);
/** Codex describes a network approval as `network-access <host>`. */
const NETWORK = /^network-access\s+(\S+)/;

/** What a tool call does, in the few shapes the inbox shows (and remembers) specially. */
export type ToolCall =
  | { kind: 'shell'; tool: string; command: string; description?: string }
  | {
      kind: 'edit';
      tool: string;
      file: string;
      relative: string;
      diff: string;
      /** Every file the call touches as given (one, or each file of a patch). */
      files: string[];
    }
  | { kind: 'fetch'; tool: string; url: string; host: string | undefined }
  | { kind: 'network'; tool: string; host: string | undefined }
  | { kind: 'mcp'; tool: string; server: string; name: string; input: Record<string, unknown> }
  | { kind: 'other'; tool: string; input: Record<string, unknown> };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Reads a tool call from a hook event's `tool_name` and `tool_input`. */
export function readToolCall(tool: string, input: Record<string, unknown>, cwd: string): ToolCall {
  const network = NETWORK.exec(str(input.description)?.trim() ?? '');
  if (network) return { kind: 'network', tool, host: hostOf(network[1]!) };
  const patch = patchText(tool, input);
  if (patch !== undefined) {
    const files = patchFiles(patch);
    const first = files[0] ?? '';
    const relative = files.map((f) => relativeTo(cwd, f)).join(', ');
    return { kind: 'edit', tool, file: first, relative, diff: patch, files };
  }
  const command =
    str(input.command) ?? (Array.isArray(input.command) ? argvCommand(input.command) : undefined);
  if (SHELL_TOOLS.has(tool) && command !== undefined) {
    const description = str(input.description);
    return { kind: 'shell', tool, command, ...(description ? { description } : {}) };
  }
  const file = str(input.file_path) ?? str(input.notebook_path) ?? str(input.path);
  if (FILE_TOOLS.has(tool) && file !== undefined) {
    const relative = relativeTo(cwd, file);
    return { kind: 'edit', tool, file, relative, diff: editDiff(input), files: [file] };
  }
  const url = str(input.url);
  if (FETCH_TOOLS.has(tool) && url !== undefined)
    return { kind: 'fetch', tool, url, host: hostOf(url) };
  const mcp = /^mcp__(.+?)__(.+)$/.exec(tool);
  if (mcp) return { kind: 'mcp', tool, server: mcp[1]!, name: mcp[2]!, input };
  return { kind: 'other', tool, input };
}

/**
 * The patch of an `apply_patch` call: the `apply_patch` tool's `input`/`patch`/`command`, or a
 * shell command that is nothing but `apply_patch` with the patch (argv, or a heredoc), which Codex
 * applies itself. Any other shell text stays a shell command, whatever it contains.
 */
function patchText(tool: string, input: Record<string, unknown>): string | undefined {
  if (tool === 'apply_patch') {
    const given = [input.input, input.patch, input.command].flatMap((v) =>
      Array.isArray(v) ? v.map(str) : [str(v)],
    );
    return given.find((v) => v?.includes('*** Begin Patch')) ?? '';
  }
  if (!SHELL_TOOLS.has(tool)) return undefined;
  const argv = Array.isArray(input.command) ? input.command.map(String) : undefined;
  if (argv?.length === 2 && argv[0] === 'apply_patch' && isPatch(argv[1]!)) return argv[1];
  const heredoc = HEREDOC.exec(str(input.command) ?? '');
  // The shell ends a heredoc at the first line that is its delimiter: nothing may follow it.
  if (!heredoc || heredoc[2]!.split('\n').includes(heredoc[1]!)) return undefined;
  return isPatch(heredoc[2]!) ? heredoc[2] : undefined;
}

const HEREDOC = /^apply_patch <<\s*'?(\w+)'?\n([\s\S]*)\n\1\n?$/;

function isPatch(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith('*** Begin Patch') && trimmed.endsWith('*** End Patch');
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

/** An argv as one command line; `bash -lc <script>` (how Codex wraps commands) is its script. */
function argvCommand(parts: unknown[]): string {
  const argv = parts.map(String);
  if (argv.length === 3 && /^(ba|z)?sh$/.test(path.basename(argv[0]!)) && /^-l?c$/.test(argv[1]!))
    return argv[2]!;
  return argv.map((p) => (/^[\w@%+=:,./-]+$/.test(p) ? p : shellQuote(p))).join(' ');
}

/** A word quoted for a POSIX shell. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
