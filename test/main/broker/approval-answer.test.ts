import { describe, expect, it } from 'vitest';
import type { RuleScope } from '@contract/approval';
import type { HitlRequest } from '@contract/request';
import { normaliseAnswer } from '../../../main/broker/answer-normalise';
import { Broker } from '../../../main/broker/broker';

function approval(broker: Broker, input: Record<string, unknown> = {}) {
  return broker.add({
    source: 'claude-code',
    key: `k-${Math.random()}`,
    prompt: 'p',
    input: {
      kind: 'approval',
      tool: 'Bash',
      command: 'npm test -- --run',
      rule: { command: 'npm test -- --run' },
      scopes: [
        { kind: 'exact', scope: { command: 'npm test -- --run' }, allows: [] },
        { kind: 'prefix', scope: { commandPrefix: 'npm test' }, allows: [] },
      ],
      ...input,
    },
  });
}

/** The operator's authority, as a logged-in surface passes it (only it may answer these). */
const OPERATOR = { authority: 'operator', via: 'cli' } as const;

describe('answers to a permission request', () => {
  it('only the operator answers it: an answer without the authority is refused, the request stays', () => {
    const broker = new Broker();
    const request = approval(broker);
    for (const by of ['ui', 'cli', 'http', 'agent'] as const)
      expect(() => broker.answer(request.id, { text: 'allow' }, by)).toThrow(
        /only the operator can answer/,
      );
    expect(() =>
      broker.answer(request.id, { text: 'allow' }, 'http', { via: 'protocol', operator: 'x' }),
    ).toThrow(/only the operator/);
    expect(broker.get(request.id)?.status).toBe('pending');
    expect(broker.answer(request.id, { text: 'deny' }, 'cli', OPERATOR).status).toBe('answered');
  });

  it('an empty or unclear text answer never approves; the request stays pending', () => {
    const broker = new Broker();
    const request = approval(broker);
    expect(() => broker.answer(request.id, { text: '' }, 'cli', OPERATOR)).toThrow(
      /answer `allow`/,
    );
    expect(() => broker.answer(request.id, { text: 'sure thing' }, 'cli', OPERATOR)).toThrow(
      /answer `allow`/,
    );
    expect(() =>
      broker.answer(request.id, { value: { kind: 'confirm', confirmed: true } }, 'cli', OPERATOR),
    ).toThrow(/wants approval/);
    expect(broker.get(request.id)?.status).toBe('pending');
  });

  it.each([
    ['allow', { decision: 'allow' }, 'allow'],
    ['YES', { decision: 'allow' }, 'allow'],
    ['deny', { decision: 'deny' }, 'deny'],
    [
      'deny: run the cart tests only',
      { decision: 'deny', reason: 'run the cart tests only' },
      'deny: run the cart tests only',
    ],
    [
      'always',
      { decision: 'always', rule: { command: 'npm test -- --run' } },
      'always allow (npm test -- --run)',
    ],
  ])('text %j is read as %j', (text, value, stored) => {
    const broker = new Broker();
    const answered = broker.answer(approval(broker).id, { text }, 'cli', OPERATOR);
    expect(answered.answer).toEqual({ text: stored, value: { kind: 'approval', ...value } });
  });

  it('an always-allow scope must be one the broker offered for this call', () => {
    const broker = new Broker();
    const shell = approval(broker);
    const always = (request: HitlRequest, rule?: RuleScope) =>
      normaliseAnswer(request, { value: { kind: 'approval', decision: 'always', rule } });
    expect(() => always(shell, { commandPrefix: 'npm' })).toThrow(
      /"npm"\} is not one of the scopes offered/,
    );
    expect(() => always(shell, { pathGlob: '**' })).toThrow(/not one of the scopes offered/);
    expect(always(shell, { commandPrefix: ' npm   test ' }).value).toEqual({
      kind: 'approval',
      decision: 'always',
      rule: { commandPrefix: 'npm test' },
    });
    expect(always(shell).value).toMatchObject({ rule: { command: 'npm test -- --run' } });
    const never = approval(broker, {
      tool: 'request_permissions',
      command: undefined,
      rule: {},
      scopes: [],
      noAlways: 'request_permissions is never remembered',
    });
    expect(() => normaliseAnswer(never, { text: 'always' })).toThrow(
      /request_permissions is never remembered; allow once or deny/,
    );
  });

  it('recordDecided: one answered event by auto, never pending', () => {
    const broker = new Broker();
    const seen: string[] = [];
    broker.subscribe((e) => seen.push(`${e.type}:${e.request.resolvedBy}`));
    const decided = broker.recordDecided(
      {
        source: 'codex',
        key: 'auto-1',
        prompt: 'p',
        input: { kind: 'approval', tool: 'Bash', rule: {} },
      },
      { text: 'allow (rule r-1)', value: { kind: 'approval', decision: 'allow' } },
    );
    expect(seen).toEqual(['answered:auto']);
    expect(broker.pending()).toEqual([]);
    expect(broker.get(decided.id)?.answer?.text).toBe('allow (rule r-1)');
  });

  it('a notice has nothing to answer; it can be dismissed', () => {
    const broker = new Broker();
    const notice = broker.add({
      source: 'claude-code',
      key: 'n',
      prompt: 'waiting',
      input: { kind: 'notice' },
    });
    expect(() => broker.answer(notice.id, { text: 'ok' }, 'cli', OPERATOR)).toThrow(
      /nothing to answer/,
    );
    expect(broker.cancel(notice.id).status).toBe('cancelled');
  });
});
