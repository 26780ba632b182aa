/**
 * The hook's own check of the event on stdin: the common fields both agents send, and a tool
 * call's shape when there is one. Unknown fields pass through; the broker checks the whole event
 * again with its zod schema. Written without zod because this runs on every tool call of a coding
 * agent, and loading even zod/mini cost more than the rest of the hook's start-up (the test
 * test/main/cli/hook/hook-stdin.test.ts holds it to the verdicts of the equivalent zod/mini schema).
 */
import path from 'node:path';

/** The fields the hook reads; the rest of the event passes through untouched. */
export interface HookStdinEvent {
  session_id: string;
  transcript_path?: string | null;
  cwd: string;
  hook_event_name: string;
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  [field: string]: unknown;
}

export type HookStdinCheck =
  { success: true; data: HookStdinEvent } | { success: false; error: string };

type FieldRule = (value: unknown) => string | undefined;

const text =
  (min: number, max = Infinity): FieldRule =>
  (value) => {
    if (typeof value !== 'string') return `expected string, received ${kindOf(value)}`;
    if (value.length < min) return `too short: expected at least ${min} character(s)`;
    if (value.length > max) return `too long: expected at most ${max} characters`;
    return undefined;
  };

const optional =
  (rule: FieldRule): FieldRule =>
  (value) =>
    value === undefined ? undefined : rule(value);

const FIELDS: [string, FieldRule][] = [
  ['session_id', text(1, 500)],
  ['transcript_path', (v) => (v === null || v === undefined ? undefined : text(0)(v))],
  [
    'cwd',
    (v) =>
      text(1, 5000)(v) ??
      (path.isAbsolute(v as string)
        ? undefined
        : 'must be an absolute path (the agent sends its working directory)'),
  ],
  ['hook_event_name', text(1, 100)],
  ['tool_name', optional(text(1))],
  [
    'tool_input',
    optional((v) => (isPlainObject(v) ? undefined : `expected record, received ${kindOf(v)}`)),
  ],
];

/**
 * Checks the parsed stdin JSON; on failure `error` is one line naming each bad field, e.g.
 * `session_id: expected string, received number; cwd: too short: expected at least 1 character(s)`.
 */
export function checkHookStdin(value: unknown): HookStdinCheck {
  if (!isPlainObject(value))
    return { success: false, error: `expected object, received ${kindOf(value)}` };
  const problems: string[] = [];
  for (const [field, rule] of FIELDS) {
    const problem = rule(value[field]);
    if (problem) problems.push(`${field}: ${problem}`);
  }
  if (problems.length) return { success: false, error: problems.join('; ') };
  return { success: true, data: value as HookStdinEvent };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return value === undefined ? 'undefined' : typeof value;
}
