import { describe, expect, it } from 'vitest';
import { hookEvent } from '../../../support/hook-fixtures';
import { noDecision, OPERATOR, printed, useHookBroker } from '../../../support/hook-broker';

const h = useHookBroker();
const hook = h.hook;
const pendingFor = h.pendingFor;

describe('clarity-hitl hook: sessions side by side, Notification items', () => {
  it('two sessions at once stay apart: each gets its own decision', async () => {
    const a = hook('claude-code', hookEvent('claude-bash', { session_id: 'aaaaaaaa-1111' }));
    const b = hook(
      'claude-code',
      hookEvent('claude-bash', { session_id: 'bbbbbbbb-2222', cwd: '/home/dev/web' }),
    );
    const ra = await pendingFor((r) => r.agent?.id === 'shop-api-aaaaaaaa');
    const rb = await pendingFor((r) => r.agent?.id === 'web-bbbbbbbb');
    h.service.broker.answer(rb.id, { text: 'deny: wrong repo' }, 'cli', OPERATOR);
    h.service.broker.answer(ra.id, { text: 'allow' }, 'cli', OPERATOR);
    const [oa, ob] = await Promise.all([a, b]);
    expect(
      printed(oa, 'claude-code', 'PermissionRequest').hookSpecificOutput.decision.behavior,
    ).toBe('allow');
    expect(printed(ob, 'claude-code', 'PermissionRequest').hookSpecificOutput.decision).toEqual({
      behavior: 'deny',
      message: 'wrong repo',
    });
  });

  it('Notification is an informational item that clears when that session goes on; Stop clears it too', async () => {
    const quiet = await hook('claude-code', hookEvent('claude-notification'));
    expect(quiet).toEqual({ stderr: '' });
    const other = await hook(
      'claude-code',
      hookEvent('claude-notification', { session_id: 'ffffffff-9' }),
    );
    expect(other).toEqual({ stderr: '' });
    const [mine, theirs] = h.service.broker.pending();
    expect(mine!.input).toEqual({ kind: 'notice' });
    expect(mine!.prompt).toContain('Claude is waiting for your input');
    expect(() => h.service.broker.answer(mine!.id, { text: 'ok' }, 'ui', OPERATOR)).toThrow(
      /nothing to answer/,
    );

    const going = hook('claude-code', hookEvent('claude-bash'));
    await pendingFor((r) => r.input.kind === 'approval');
    expect(h.service.broker.get(mine!.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'the session went on',
    });
    expect(h.service.broker.get(theirs!.id)?.status).toBe('pending');
    h.service.broker.cancel(
      h.service.broker.pending().find((r) => r.input.kind === 'approval')!.id,
    );
    noDecision(await going);

    await hook('claude-code', hookEvent('claude-stop', { session_id: 'ffffffff-9' }));
    expect(h.service.broker.get(theirs!.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'the session stopped',
    });
  });

  it('Stop is a "finished" item with the last message; the next turn clears it, SessionEnd leaves it; StopFailure is "failed"', async () => {
    const stop = await hook(
      'claude-code',
      hookEvent('claude-stop', {
        last_assistant_message: 'All 42 tests pass.\nThe cart total is now in cents.',
      }),
    );
    expect(stop).toEqual({ stderr: '' });
    const [done] = h.service.broker.pending();
    expect(done).toMatchObject({
      title: 'Finished: All 42 tests pass.',
      input: { kind: 'notice', session: 'finished' },
      agent: { id: 'shop-api-3f1c9a2e' },
      meta: { hookEvent: 'Stop' },
    });
    expect(done!.prompt).toContain('> All 42 tests pass.\n> The cart total is now in cents.');
    expect(() => h.service.broker.answer(done!.id, { text: 'ok' }, 'ui', OPERATOR)).toThrow(
      /nothing to answer/,
    );
    await hook('claude-code', hookEvent('claude-session-end'));
    expect(h.service.broker.get(done!.id)?.status).toBe('pending');

    const going = hook('claude-code', hookEvent('claude-bash'));
    await pendingFor((r) => r.input.kind === 'approval');
    expect(h.service.broker.get(done!.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'the session went on',
    });
    h.service.broker.cancel(
      h.service.broker.pending().find((r) => r.input.kind === 'approval')!.id,
    );
    noDecision(await going);

    await hook(
      'claude-code',
      hookEvent('claude-stop', { hook_event_name: 'StopFailure', error: 'rate_limit' }),
    );
    expect(h.service.broker.pending()).toMatchObject([
      { title: 'Failed: rate_limit', input: { kind: 'notice', session: 'failed' } },
    ]);
  });
});
