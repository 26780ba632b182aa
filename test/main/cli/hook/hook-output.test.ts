import { describe, expect, it } from 'vitest';
import { hookOutput } from '../../../../main/cli/hook/hook-output';
import { OUTPUT_SCHEMAS, schemaErrors } from '../../../support/hook-fixtures';

const valid = (agent: string, event: string, json: unknown) => {
  for (const schema of OUTPUT_SCHEMAS[agent]![event]!)
    expect(schemaErrors(schema, json), schema).toEqual([]);
  return json;
};

describe('the decision in the agent shape', () => {
  it("Codex's PreToolUse: a deny with its reason, and no bare allow (Codex rejects one)", () => {
    expect(hookOutput('codex', 'PreToolUse', { behavior: 'allow' })).toBeUndefined();
    expect(
      valid('codex', 'PreToolUse', hookOutput('codex', 'PreToolUse', { behavior: 'deny' })),
    ).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'The operator denied this in HITL Broker.',
      },
    });
  });

  it("Claude Code's PreToolUse takes the allow; PermissionRequest both ways for both agents", () => {
    expect(
      valid(
        'claude-code',
        'PreToolUse',
        hookOutput('claude-code', 'PreToolUse', { behavior: 'allow' }),
      ),
    ).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
    for (const agent of ['claude-code', 'codex'] as const) {
      const allow = hookOutput(agent, 'PermissionRequest', { behavior: 'allow' });
      expect(valid(agent, 'PermissionRequest', allow)).toMatchObject({
        hookSpecificOutput: { decision: { behavior: 'allow' } },
      });
      const deny = hookOutput(agent, 'PermissionRequest', { behavior: 'deny', message: 'no' });
      expect(valid(agent, 'PermissionRequest', deny)).toMatchObject({
        hookSpecificOutput: { decision: { behavior: 'deny', message: 'no' } },
      });
    }
  });

  it('an event that takes no decision gets none', () => {
    expect(hookOutput('claude-code', 'Notification', { behavior: 'allow' })).toBeUndefined();
  });
});
