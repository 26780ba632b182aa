import { describe, expect, it } from 'vitest';
import { approvalRequest } from '../../../../main/adapters/coding-agents/hook-request';
import type { DecisionEvent } from '../../../../main/adapters/coding-agents/hook-event';
import { hookEvent } from '../../../support/hook-fixtures';

const suggest = (toolName: string, ruleContent?: string) => ({
  type: 'addRules',
  rules: [{ toolName, ...(ruleContent !== undefined ? { ruleContent } : {}) }],
  behavior: 'allow',
  destination: 'localSettings',
});
const request = (patch: Record<string, unknown>) => {
  const event = hookEvent('claude-bash', patch) as DecisionEvent;
  const { input } = approvalRequest('claude-code', event).request;
  if (input?.kind !== 'approval') throw new Error('not an approval');
  return input;
};

describe("Claude Code's permission_suggestions become choices, never broader than the rules", () => {
  it('the documented Bash(npm test:*) marks the npm test prefix, after the exact command', () => {
    const input = request({});
    expect(input.rule).toEqual({ command: 'npm test -- --run' });
    expect(input.scopes?.map((c) => [c.scope, c.suggestedBy])).toEqual([
      [{ command: 'npm test -- --run' }, undefined],
      [{ commandPrefix: 'npm test' }, 'Claude Code'],
    ]);
  });

  it('a suggestion broader than the rules (find, a bare tool, another tool, setMode) is left out', () => {
    const input = request({
      tool_input: { command: "find . -name '*.ts'" },
      permission_suggestions: [
        suggest('Bash', 'find:*'),
        suggest('Bash'),
        suggest('Edit', 'src/**'),
        { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
        'not an object',
      ],
    });
    expect(input.scopes?.map((c) => c.scope)).toEqual([{ command: "find . -name '*.ts'" }]);
    expect(input.notWider).toMatch(/^find runs the command that follows it/);
  });

  it('a suggested prefix the broker did not offer is added when the rules allow it', () => {
    const input = request({
      tool_input: { command: 'cargo test --workspace -q' },
      permission_suggestions: [suggest('Bash', 'cargo test --workspace *')],
    });
    expect(input.scopes?.map((c) => [c.scope, c.suggestedBy])).toEqual([
      [{ command: 'cargo test --workspace -q' }, undefined],
      [{ commandPrefix: 'cargo test' }, undefined],
      [{ commandPrefix: 'cargo test --workspace' }, 'Claude Code'],
    ]);
  });

  it('AskUserQuestion offers no "always" at all', () => {
    const input = request({ tool_name: 'AskUserQuestion', tool_input: { questions: [] } });
    expect(input.scopes).toEqual([]);
    expect(input.noAlways).toBe('AskUserQuestion is never remembered');
  });
});
