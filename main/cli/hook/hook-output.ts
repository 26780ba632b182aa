import type { HookReply } from '../../adapters/coding-agents/hook-wire';

/** Told to the agent when the operator denied without writing a reason. */
export const DEFAULT_DENY_MESSAGE = 'The operator denied this in HITL Broker.';

type Decision = NonNullable<HookReply['decision']>;

/**
 * The decision as the agent reads it on stdout. Claude Code and Codex share the shapes (Codex
 * publishes them as `permission-request.command.output.schema.json` and
 * `pre-tool-use.command.output.schema.json`):
 * - PermissionRequest: `hookSpecificOutput.decision = { behavior, message? }`
 * - PreToolUse: `hookSpecificOutput.permissionDecision` (+ `permissionDecisionReason`)
 * Undefined for events that take no decision.
 */
export function hookOutput(eventName: string, decision: Decision): object | undefined {
  const message =
    decision.behavior === 'deny' ? decision.message || DEFAULT_DENY_MESSAGE : undefined;
  if (eventName === 'PermissionRequest') {
    return {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: message === undefined ? { behavior: 'allow' } : { behavior: 'deny', message },
      },
    };
  }
  if (eventName === 'PreToolUse') {
    return {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: decision.behavior,
        permissionDecisionReason: message ?? 'Allowed by the operator in HITL Broker.',
      },
    };
  }
  return undefined;
}
