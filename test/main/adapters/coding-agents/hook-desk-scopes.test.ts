import { describe, expect, it } from 'vitest';
import type { ApprovalValue } from '@contract/approval';
import type { HitlRequest } from '@contract/request';
import { HookDesk } from '../../../../main/adapters/coding-agents/hook-desk';
import type { HookPost } from '../../../../main/adapters/coding-agents/hook-event';
import { RuleStore } from '../../../../main/adapters/coding-agents/rule-store';
import { Broker } from '../../../../main/broker/broker';
import { hookEvent } from '../../../support/hook-fixtures';

const NONCE = 'n'.repeat(32);
const post = (command: string): HookPost =>
  ({
    event: hookEvent('claude-bash', { tool_input: { command }, permission_suggestions: [] }),
    nonce: NONCE,
  }) as HookPost;

/** A desk over a real broker whose operator answers each request with `value` (or throws). */
function desk(answers: Array<Omit<ApprovalValue, 'kind'>>) {
  const broker = new Broker();
  const rules = new RuleStore(null);
  const asked: HitlRequest[] = [];
  const errors: string[] = [];
  const hookDesk = new HookDesk(broker, rules);
  const wait = async (id: string) => {
    const request = broker.get(id)!;
    asked.push(request);
    for (;;) {
      const value = answers.shift();
      if (!value) throw new Error('no answer left');
      try {
        return broker.answer(id, { value: { kind: 'approval', ...value } }, 'ui', {
          authority: 'operator',
        });
      } catch (error) {
        errors.push((error as Error).message);
      }
    }
  };
  return {
    broker,
    rules,
    asked,
    errors,
    handle: (c: string) => hookDesk.handle('claude-code', post(c), wait),
  };
}

describe('the hook desk remembers only what the operator saw', () => {
  it('always on find . -name *.ts: the rule is that command; find / -exec rm is asked again', async () => {
    const d = desk([{ decision: 'always' }, { decision: 'deny' }]);
    const first = await d.handle("find . -name '*.ts'");
    expect(first.decision).toEqual({ behavior: 'allow' });
    expect(d.rules.list()).toMatchObject([{ command: "find . -name '*.ts'" }]);
    expect(d.rules.list()[0]!.commandPrefix).toBeUndefined();
    const again = await d.handle("find . -name '*.ts'");
    expect(again).toMatchObject({ decision: { behavior: 'allow' }, ruleId: d.rules.list()[0]!.id });
    const attack = await d.handle('find / -exec rm -rf {} +');
    expect(attack.ruleId).toBeUndefined();
    expect(attack.decision).toEqual({ behavior: 'deny' });
    expect(d.asked).toHaveLength(2);
  });

  it('a scope the broker did not offer is refused and the request stays asked; an offered one is kept', async () => {
    const d = desk([
      { decision: 'always', rule: { commandPrefix: 'git' } },
      { decision: 'always', rule: { pathGlob: '**' } },
      { decision: 'always', rule: { commandPrefix: 'git push' } },
    ]);
    const reply = await d.handle('git push origin main');
    expect(d.errors).toEqual([
      expect.stringMatching(/"git"\} is not one of the scopes offered/),
      expect.stringMatching(/"\*\*"\} is not one of the scopes offered/),
    ]);
    expect(reply.decision).toEqual({ behavior: 'allow' });
    expect(d.rules.list()).toMatchObject([{ commandPrefix: 'git push' }]);
    const attack = await d
      .handle('git -c core.sshCommand=id push origin main')
      .catch((e: Error) => e);
    expect(attack).toBeInstanceOf(Error); // asked again: no answer left in this test
    expect(d.asked.map((r) => r.title)).toEqual([
      'Bash: git push origin main',
      'Bash: git -c core.sshCommand=id push origin main',
    ]);
  });
});
