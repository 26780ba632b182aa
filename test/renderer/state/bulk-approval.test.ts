import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { approvalAnswer, bulkApprovable } from '../../../renderer/src/state/bulk-approval';

let n = 0;
const req = (input: object, agent = 'shop', title = 'Deploy?') =>
  ({
    id: `r${++n}`,
    key: `k${n}`,
    source: 'claude-code',
    title,
    prompt: 'p',
    agent: { id: agent },
    input,
    createdAt: 0,
    status: 'pending',
  }) as unknown as HitlRequest;
const bash = (command?: string) => ({ kind: 'approval', tool: 'Bash', command, rule: {} });

describe('bulk approve: which selections may be approved at once', () => {
  it('plain confirms or exact commands of one agent may', () => {
    expect(bulkApprovable([req({ kind: 'confirm' }), req({ kind: 'confirm' })])).toEqual({
      ok: true,
    });
    expect(bulkApprovable([req(bash('npm test')), req(bash('npm run lint'))])).toEqual({
      ok: true,
    });
  });

  it('never a risky confirm (flagged or by its words), a destructive command, or a call without a command', () => {
    expect(bulkApprovable([req({ kind: 'confirm', danger: true })]).ok).toBe(false);
    expect(
      bulkApprovable([req({ kind: 'confirm' }, 'shop', 'Wipe the staging database?')]),
    ).toEqual({ ok: false, why: 'risky' });
    expect(bulkApprovable([req(bash('rm -rf dist'))])).toEqual({ ok: false, why: 'risky' });
    expect(bulkApprovable([req(bash())])).toEqual({ ok: false, why: 'no-command' });
    expect(
      bulkApprovable([req({ ...bash('x'), questions: [{ question: 'q', options: [] }] })]),
    ).toEqual({ ok: false, why: 'no-command' });
  });

  it('never across kinds or agents, nor text questions', () => {
    expect(bulkApprovable([req({ kind: 'confirm' }), req(bash('npm test'))])).toEqual({
      ok: false,
      why: 'mixed-kind',
    });
    expect(bulkApprovable([req({ kind: 'confirm' }), req({ kind: 'confirm' }, 'other')])).toEqual({
      ok: false,
      why: 'mixed-agent',
    });
    expect(bulkApprovable([req({ kind: 'text' })])).toEqual({ ok: false, why: 'kind' });
  });

  it('approves as yes, or allow once (never always)', () => {
    expect(approvalAnswer(req({ kind: 'confirm' }))).toEqual({
      value: { kind: 'confirm', confirmed: true },
    });
    expect(approvalAnswer(req(bash('npm test')))).toEqual({
      value: { kind: 'approval', decision: 'allow' },
    });
  });
});
