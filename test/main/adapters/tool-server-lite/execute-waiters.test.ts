import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { ExecuteWaiters } from '../../../../main/adapters/tool-server-lite/execute-waiters';

const NOW = 1_000_000_000;

function request(patch: Partial<HitlRequest>): HitlRequest {
  return {
    id: 'r1',
    source: 'tool-server-lite',
    key: 'deploy-1',
    prompt: 'Deploy?',
    input: { kind: 'text' },
    createdAt: NOW - 1000,
    status: 'answered',
    answer: { text: 'go' },
    resolvedAt: NOW - 500,
    resolvedBy: 'http',
    meta: { instruction: 'Deploy?' },
    ...patch,
  };
}

describe('ExecuteWaiters', () => {
  it('hands an outcome no execute returned to a retry asking the same, once', () => {
    const waiters = new ExecuteWaiters();
    const answered = request({});
    expect(waiters.unreturned(answered, 'Deploy?', NOW)).toBe(answered);
    expect(waiters.unreturned(answered, 'Something else?', NOW)).toBeUndefined();
    waiters.returnedOutcome(answered.id);
    expect(waiters.unreturned(answered, 'Deploy?', NOW)).toBeUndefined();
  });

  it('never hands back an expiry, an agent withdrawing, or an outcome older than 15 minutes', () => {
    const waiters = new ExecuteWaiters();
    expect(
      waiters.unreturned(request({ status: 'expired', resolvedBy: 'timeout' }), 'Deploy?', NOW),
    ).toBeUndefined();
    expect(
      waiters.unreturned(request({ status: 'cancelled', resolvedBy: 'agent' }), 'Deploy?', NOW),
    ).toBeUndefined();
    const cancelled = request({ status: 'cancelled', resolvedBy: 'ui' });
    expect(waiters.unreturned(cancelled, 'Deploy?', NOW)).toBe(cancelled);
    expect(waiters.unreturned(request({}), 'Deploy?', NOW + 16 * 60 * 1000)).toBeUndefined();
  });

  it('a pending request is orphaned only while no execute waits on it', () => {
    const waiters = new ExecuteWaiters();
    const pending = request({ status: 'pending' });
    const done = waiters.wait(pending.id);
    expect(waiters.orphaned(pending, 'Deploy?')).toBe(false);
    done();
    expect(waiters.orphaned(pending, 'Deploy?')).toBe(true);
    expect(waiters.orphaned(pending, 'Other?')).toBe(false);
  });
});
