import * as z from 'zod/mini';

/**
 * The hook's own check of the event on stdin, in zod/mini (the full zod takes longer to load than
 * the rest of the hook): the common fields both agents send, and a tool call's shape when there is
 * one. Unknown fields pass through; the broker checks the whole event again.
 */
export const HookStdinSchema = z.looseObject({
  session_id: z.string().check(z.minLength(1), z.maxLength(500)),
  transcript_path: z.nullish(z.string()),
  cwd: z.string().check(z.minLength(1), z.maxLength(5000)),
  hook_event_name: z.string().check(z.minLength(1), z.maxLength(100)),
  tool_name: z.optional(z.string().check(z.minLength(1))),
  tool_input: z.optional(z.record(z.string(), z.unknown())),
});

/** One line naming each bad field, e.g. `session_id: expected string`. */
export function describeIssues(error: {
  issues: { path: PropertyKey[]; message: string }[];
}): string {
  return error.issues
    .map((issue) =>
      issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}
