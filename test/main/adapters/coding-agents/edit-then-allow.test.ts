import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { OPERATOR, noDecision, printed, useHookBroker } from '../../../support/hook-broker';
import { hookEvent } from '../../../support/hook-fixtures';

const isBash = (r: HitlRequest) => r.input.kind === 'approval' && r.input.tool === 'Bash';

describe('edit, then allow', () => {
  const h = useHookBroker();
  const answer = (id: string, value: Record<string, unknown>) =>
    h.service.broker.answer(id, { value: { kind: 'approval', ...value } as never }, 'ui', OPERATOR);

  it('Claude Code: the edited command goes back as updatedInput (the rest of the input kept), and no rule is made', async () => {
    const event = hookEvent('claude-bash');
    const outcome = h.hook('claude-code', event);
    const request = await h.pendingFor(isBash);
    expect(request.input).toMatchObject({
      edit: [{ field: 'command', value: 'npm test -- --run' }],
    });
    expect(() =>
      answer(request.id, { decision: 'always', edited: { command: 'npm test' } }),
    ).toThrow(/go with "allow" only/);
    expect(() => answer(request.id, { decision: 'allow', edited: { description: 'x' } })).toThrow(
      /edited.description is not editable here \(command\)/,
    );
    expect(() => answer(request.id, { decision: 'allow', edited: { command: '  ' } })).toThrow(
      /edited.command is empty/,
    );
    answer(request.id, { decision: 'allow', edited: { command: 'npm test -- --run src/cart' } });
    const out = printed(await outcome, 'claude-code', 'PermissionRequest');
    expect(out.hookSpecificOutput.decision).toEqual({
      behavior: 'allow',
      updatedInput: { command: 'npm test -- --run src/cart', description: 'Run the unit tests' },
    });
    expect(h.service.rules.list()).toEqual([]);
    expect(h.service.broker.get(request.id)!.answer!.text).toBe(
      'allow, edited\ncommand: npm test -- --run src/cart',
    );
  });

  it('Claude Code Write and Edit offer their content / new_string', async () => {
    const write = h.hook('claude-code', hookEvent('claude-write'), { timeoutSeconds: 1 });
    const w = await h.pendingFor((r) => r.input.kind === 'approval' && r.input.tool === 'Write');
    expect(w.input).toMatchObject({ edit: [{ field: 'content' }] });
    const edit = h.hook('claude-code', hookEvent('claude-edit'), { timeoutSeconds: 1 });
    const e = await h.pendingFor((r) => r.input.kind === 'approval' && r.input.tool === 'Edit');
    expect(e.input).toMatchObject({ edit: [{ field: 'new_string' }] });
    await Promise.all([write, edit]);
  });

  it('Codex: no edit offered, the card says why, an edited answer is refused (Codex fails closed on updatedInput)', async () => {
    const outcome = h.hook('codex', hookEvent('codex-bash'), { timeoutSeconds: 2 });
    const request = await h.pendingFor((r) => r.source === 'codex');
    expect(request.input).toMatchObject({
      noEdit: expect.stringMatching(/Codex takes no edited input/),
    });
    expect(request.input.kind === 'approval' && request.input.edit).toBeFalsy();
    expect(() => answer(request.id, { decision: 'allow', edited: { command: 'ls' } })).toThrow(
      /Codex takes no edited input/,
    );
    expect(h.service.broker.get(request.id)!.status).toBe('pending');
    noDecision(await outcome);
  });
});
