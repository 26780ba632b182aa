import type { HookAgent, HookDecision } from '../../adapters/coding-agents/hook-wire';

/** Told to the agent when the operator denied without writing a reason. */
export const DEFAULT_DENY_MESSAGE = 'The operator denied this in HITL Broker.';

/**
 * The decision as the agent reads it on stdout. Claude Code and Codex share the shapes (Codex
 * publishes them as `permission-request.command.output.schema.json` and
 * `pre-tool-use.command.output.schema.json`):
 * - PermissionRequest: `hookSpecificOutput.decision = { behavior, message? }`
 * - PreToolUse: `hookSpecificOutput.permissionDecision` (+ `permissionDecisionReason`)
 * Undefined for events that take no decision, and for Codex's PreToolUse "allow": Codex takes only
 * "deny" there (its hooks engine rejects `permissionDecision: "allow"` without `updatedInput` as
 * unsupported, and an allow with it only rewrites the input), so the call goes on to Codex's own
 * approval (its PermissionRequest hook or terminal prompt).
 */
export function hookOutput(
  agent: HookAgent,
  eventName: string,
  decision: HookDecision,
): object | undefined {
  const message =
    decision.behavior === 'deny' ? decision.message || DEFAULT_DENY_MESSAGE : undefined;
  const updatedInput = decision.behavior === 'allow' ? decision.updatedInput : undefined;
  // Codex 0.17x fails closed on `updatedInput`: an allow that needs it is no allow there.
  if (agent === 'codex' && updatedInput !== undefined) return undefined;
  if (eventName === 'PermissionRequest') {
    return {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision:
          message !== undefined
            ? { behavior: 'deny', message }
            : { behavior: 'allow', ...(updatedInput ? { updatedInput } : {}) },
      },
    };
  }
  if (eventName === 'PreToolUse') {
    if (agent === 'codex' && message === undefined) return undefined;
    return {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: decision.behavior,
        permissionDecisionReason: message ?? 'Allowed by the operator in HITL Broker.',
        ...(updatedInput ? { updatedInput } : {}),
      },
    };
  }
  return undefined;
}
