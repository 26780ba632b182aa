import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkHookStdin } from '../../../../main/cli/hook/hook-stdin';
import { hookEvent } from '../../../support/hook-fixtures';

// The zod/mini schema the hook used before its check was written without zod: the reference.
const Reference = z.looseObject({
  session_id: z.string().check(z.minLength(1), z.maxLength(500)),
  transcript_path: z.nullish(z.string()),
  cwd: z.string().check(
    z.minLength(1),
    z.maxLength(5000),
    z.refine((cwd) => path.isAbsolute(cwd)),
  ),
  hook_event_name: z.string().check(z.minLength(1), z.maxLength(100)),
  tool_name: z.optional(z.string().check(z.minLength(1))),
  tool_input: z.optional(z.record(z.string(), z.unknown())),
});

const good = hookEvent('claude-bash') as Record<string, unknown>;
const cases: [string, unknown][] = [
  ['a real Claude Code event', good],
  ['a real Codex event', hookEvent('codex-bash')],
  ['a Notification without a tool', { ...good, tool_name: undefined, tool_input: undefined }],
  ['an unknown extra field', { ...good, extra: [1, 2] }],
  ['transcript_path null', { ...good, transcript_path: null }],
  ['transcript_path a number', { ...good, transcript_path: 3 }],
  ['no session_id', { ...good, session_id: undefined }],
  ['an empty session_id', { ...good, session_id: '' }],
  ['a session_id of 501 chars', { ...good, session_id: 'x'.repeat(501) }],
  ['a session_id of 500 chars', { ...good, session_id: 'x'.repeat(500) }],
  ['a cwd of 5001 chars', { ...good, cwd: `/${'x'.repeat(5000)}` }],
  ['cwd a number', { ...good, cwd: 7 }],
  ['a relative cwd', { ...good, cwd: 'shop-api' }],
  ['a dot cwd', { ...good, cwd: '.' }],
  ['a cwd of 5000 chars', { ...good, cwd: `/${'x'.repeat(4999)}` }],
  ['an empty hook_event_name', { ...good, hook_event_name: '' }],
  ['a hook_event_name of 101 chars', { ...good, hook_event_name: 'x'.repeat(101) }],
  ['an empty tool_name', { ...good, tool_name: '' }],
  ['tool_input an array', { ...good, tool_input: ['ls'] }],
  ['tool_input null', { ...good, tool_input: null }],
  ['tool_input a string', { ...good, tool_input: 'ls' }],
  ['an array', [good]],
  ['null', null],
  ['a string', 'PermissionRequest'],
];

describe('the hook checks its stdin event as the zod/mini schema would', () => {
  it.each(cases)('%s: same verdict as zod', (_label, value) => {
    const ours = checkHookStdin(value);
    expect(ours.success).toBe(Reference.safeParse(value).success);
    if (ours.success) expect(ours.data).toEqual(value);
  });

  it('refuses a relative cwd, naming it', () => {
    expect(checkHookStdin({ ...good, cwd: '../elsewhere' })).toEqual({
      success: false,
      error: 'cwd: must be an absolute path (the agent sends its working directory)',
    });
  });

  it('names every bad field in one line', () => {
    const result = checkHookStdin({ ...good, session_id: 4, cwd: '', tool_input: [] });
    expect(result).toEqual({
      success: false,
      error:
        'session_id: expected string, received number; cwd: too short: expected at least 1 character(s); tool_input: expected record, received array',
    });
  });
});
