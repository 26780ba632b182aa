import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { CallView, DiffFile, DiffHunk, DiffLine } from '@contract/call-view';
import { projectPath } from './path-policy';
import type { ToolCall } from './tool-call';

/** Lines of context around a change, as `diff -u` shows them. */
const CONTEXT = 3;
/** The most the broker reads of a file to place an edit in it. */
const READ_LIMIT = 1024 * 1024;
/** The most diff lines a card gets (the prompt keeps the whole text). */
const LINE_LIMIT = 4000;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * The card's view of a call. Edits are placed in the file as it is now (read only when it lies in
 * the project, is a regular file of at most 1 MiB, and not through a link out of it) to give line
 * numbers and context; a file that cannot be read gets the bare old → new lines.
 */
export function callView(
  call: ToolCall,
  input: Record<string, unknown>,
  cwd: string,
): CallView | undefined {
  switch (call.kind) {
    case 'shell':
      return {
        kind: 'shell',
        command: call.command,
        ...(call.description ? { description: call.description } : {}),
      };
    case 'network':
      return { kind: 'network', ...(call.host ? { host: call.host } : {}) };
    case 'fetch': {
      const prompt = str(input.prompt);
      return {
        kind: 'fetch',
        url: call.url,
        ...(call.host ? { domain: call.host } : {}),
        ...(prompt ? { prompt } : {}),
      };
    }
    case 'mcp':
      return {
        kind: 'mcp',
        server: call.server,
        tool: call.name,
        args: JSON.stringify(call.input, null, 2),
      };
    case 'edit':
      if (call.tool === 'apply_patch' || call.diff.includes('*** Begin Patch'))
        return capped(patchDiff(call.diff));
      if (['Edit', 'MultiEdit', 'Write'].includes(call.tool))
        return fileEditView(call.tool, input, cwd, call.relative);
      return undefined;
    case 'other':
      if (call.tool === 'request_permissions') {
        const { reason, justification, ...asked } = call.input;
        const why = str(reason) ?? str(justification);
        return {
          kind: 'permissions',
          permissions: JSON.stringify(asked.permissions ?? asked, null, 2),
          ...(why ? { why } : {}),
        };
      }
      return undefined;
  }
}

/** Edit / MultiEdit / Write as a diff, placed in the file as it is now when it can be read. */
export function fileEditView(
  tool: string,
  input: Record<string, unknown>,
  cwd: string,
  shownPath: string,
): CallView | undefined {
  const file = str(input.file_path);
  if (!file) return undefined;
  const current = readProjectFile(cwd, file);
  if (tool === 'Write') {
    const content = str(input.content) ?? '';
    if (current === undefined)
      return capped([{ path: shownPath, action: 'add', hunks: [{ lines: added(content, 1) }] }]);
    return capped([{ path: shownPath, action: 'write', hunks: lineDiff(current, content) }]);
  }
  const edits: Array<{ old: string; new: string }> = Array.isArray(input.edits)
    ? input.edits.map((e: Record<string, unknown>) => ({
        old: str(e?.old_string) ?? '',
        new: str(e?.new_string) ?? '',
      }))
    : tool === 'Edit'
      ? [{ old: str(input.old_string) ?? '', new: str(input.new_string) ?? '' }]
      : [];
  if (edits.length === 0) return undefined;
  let text = current;
  const hunks = edits.map((edit) => {
    const hunk = placeEdit(text, edit.old, edit.new);
    if (text !== undefined && text.includes(edit.old) && edit.old !== '')
      text = text.replace(edit.old, edit.new);
    return hunk;
  });
  return capped([{ path: shownPath, action: 'update', hunks }]);
}

/** One edit as a hunk: placed in `text` with context when its old string is found there. */
function placeEdit(text: string | undefined, oldText: string, newText: string): DiffHunk {
  const at = text === undefined || oldText === '' ? -1 : text.indexOf(oldText);
  if (text === undefined || at < 0) {
    return { lines: [...removed(oldText), ...added(newText)] };
  }
  const all = splitLines(text);
  const startLine = text.slice(0, at).split('\n').length; // 1-based line of the old string
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const end = at + oldText.length;
  const lineEndIdx = text.indexOf('\n', end);
  const lineEnd = lineEndIdx < 0 ? text.length : lineEndIdx;
  const oldBlock = text.slice(lineStart, lineEnd);
  const newBlock = text.slice(lineStart, at) + newText + text.slice(end, lineEnd);
  const oldLines = oldBlock.split('\n');
  const newLines = newBlock.split('\n');
  const before = all.slice(Math.max(0, startLine - 1 - CONTEXT), startLine - 1);
  const afterFrom = startLine - 1 + oldLines.length;
  const after = all.slice(afterFrom, afterFrom + CONTEXT);
  let o = startLine - before.length;
  let n = o;
  const lines: DiffLine[] = [];
  for (const l of before) lines.push({ op: ' ', text: l, old: o++, new: n++ });
  for (const l of oldLines) lines.push({ op: '-', text: l, old: o++ });
  for (const l of newLines) lines.push({ op: '+', text: l, new: n++ });
  for (const l of after) lines.push({ op: ' ', text: l, old: o++, new: n++ });
  return { header: `line ${startLine}`, lines };
}

/** old → new of a whole file: the changed middle (common head and tail trimmed) with context. */
export function lineDiff(oldText: string, newText: string): DiffHunk[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  if (head === a.length && head === b.length) return [{ header: 'no change', lines: [] }];
  const from = Math.max(0, head - CONTEXT);
  const lines: DiffLine[] = [];
  for (let i = from; i < head; i++) lines.push({ op: ' ', text: a[i]!, old: i + 1, new: i + 1 });
  for (let i = head; i < a.length - tail; i++) lines.push({ op: '-', text: a[i]!, old: i + 1 });
  for (let j = head; j < b.length - tail; j++) lines.push({ op: '+', text: b[j]!, new: j + 1 });
  for (let k = 0; k < Math.min(CONTEXT, tail); k++) {
    const i = a.length - tail + k;
    const j = b.length - tail + k;
    lines.push({ op: ' ', text: a[i]!, old: i + 1, new: j + 1 });
  }
  return [{ header: `line ${head + 1}`, lines }];
}

/** A Codex patch (`*** Begin Patch` … `*** End Patch`) as files and hunks. */
export function patchDiff(patch: string): DiffFile[] {
  const files: DiffFile[] = [];
  let file: DiffFile | undefined;
  let hunk: DiffHunk | undefined;
  for (const raw of patch.split(/\r?\n/)) {
    const line = raw.replace(/\r$/, '');
    const header = /^\*\*\* (Update|Add|Delete) File: (.+)$/.exec(line);
    if (header) {
      const action = header[1] === 'Add' ? 'add' : header[1] === 'Delete' ? 'delete' : 'update';
      file = { path: header[2]!.trim(), action, hunks: [] };
      files.push(file);
      hunk = undefined;
      continue;
    }
    const move = /^\*\*\* Move to: (.+)$/.exec(line);
    if (move && file) {
      file.moveTo = move[1]!.trim();
      continue;
    }
    if (/^\*\*\* (Begin|End) Patch|^\*\*\* End of File/.test(line) || !file) continue;
    if (line.startsWith('@@')) {
      hunk = { header: line.replace(/^@@\s?/, '') || undefined, lines: [] };
      if (!hunk.header) delete hunk.header;
      file.hunks.push(hunk);
      continue;
    }
    const op = line[0];
    if (op !== '+' && op !== '-' && op !== ' ') continue;
    if (!hunk) {
      hunk = { lines: [] };
      file.hunks.push(hunk);
    }
    hunk.lines.push({ op, text: line.slice(1) });
  }
  return files;
}

function capped(files: DiffFile[]): CallView {
  let left = LINE_LIMIT;
  let truncated = false;
  const kept = files.map((f) => ({
    ...f,
    hunks: f.hunks.map((h) => {
      const lines = h.lines.slice(0, Math.max(0, left));
      if (lines.length < h.lines.length) truncated = true;
      left -= lines.length;
      return { ...h, lines: lines.map((l) => ({ ...l, text: l.text.slice(0, 20_000) })) };
    }),
  }));
  return { kind: 'diff', files: kept, ...(truncated ? { truncated } : {}) };
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\n$/, '').split('\n');
}
const removed = (text: string): DiffLine[] => splitLines(text).map((t) => ({ op: '-', text: t }));
function added(text: string, from?: number): DiffLine[] {
  return splitLines(text).map((t, i) =>
    from === undefined ? { op: '+', text: t } : { op: '+', text: t, new: from + i },
  );
}

/**
 * The file's text when it lies in the project (real path, links resolved), is a regular file and
 * at most 1 MiB; undefined otherwise (a new file, outside the project, too big, unreadable).
 */
function readProjectFile(cwd: string, file: string): string | undefined {
  try {
    if (projectPath(cwd, cwd, file) === null) return undefined;
    const fd = openSync(path.resolve(cwd, file), 'r');
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile() || stat.size > READ_LIMIT) return undefined;
      const buffer = Buffer.alloc(stat.size);
      readSync(fd, buffer, 0, stat.size, 0);
      return buffer.toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}
