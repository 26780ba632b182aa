import { z } from 'zod';

/** One line of a diff: context (' '), removed ('-') or added ('+'), with its line numbers when known. */
export const DiffLineSchema = z.object({
  op: z.enum([' ', '-', '+']),
  text: z.string().max(20_000),
  old: z.number().int().positive().optional(),
  new: z.number().int().positive().optional(),
});
export type DiffLine = z.infer<typeof DiffLineSchema>;

export const DiffHunkSchema = z.object({
  /** The patch's own `@@` text (Codex) or where in the file the hunk is. */
  header: z.string().max(1000).optional(),
  lines: z.array(DiffLineSchema).max(5000),
});
export type DiffHunk = z.infer<typeof DiffHunkSchema>;

export const DiffFileSchema = z.object({
  path: z.string().max(5000),
  action: z.enum(['update', 'add', 'delete', 'write']),
  moveTo: z.string().max(5000).optional(),
  hunks: z.array(DiffHunkSchema).max(500),
});
export type DiffFile = z.infer<typeof DiffFileSchema>;

/**
 * What a coding agent's call is, as the card shows it: the whole shell command; edits and patches
 * as a diff per file (old → new, line numbers and context where the broker could read the file);
 * the host of a network approval; the permissions `request_permissions` asks for; the URL of a
 * fetch and its domain; the MCP server, tool and arguments.
 */
export const CallViewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('shell'),
    command: z.string().max(1_000_000),
    description: z.string().max(10_000).optional(),
  }),
  z.object({
    kind: z.literal('diff'),
    files: z.array(DiffFileSchema).max(200),
    /** Set when the diff was cut to keep the card small (the prompt holds the whole text). */
    truncated: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('network'),
    host: z.string().max(1000).optional(),
    why: z.string().max(10_000).optional(),
  }),
  z.object({
    kind: z.literal('permissions'),
    /** The permissions asked for, as formatted JSON. */
    permissions: z.string().max(100_000),
    why: z.string().max(10_000).optional(),
  }),
  z.object({
    kind: z.literal('fetch'),
    url: z.string().max(100_000),
    domain: z.string().max(1000).optional(),
    prompt: z.string().max(100_000).optional(),
  }),
  z.object({
    kind: z.literal('mcp'),
    server: z.string().max(500),
    tool: z.string().max(500),
    /** The arguments as formatted JSON. */
    args: z.string().max(200_000),
  }),
]);
export type CallView = z.infer<typeof CallViewSchema>;
