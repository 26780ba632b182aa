import { describe, expect, it } from 'vitest';
import { RuleStore } from '../../../../main/adapters/coding-agents/rule-store';
import { desktopChannels, OURS } from './channel-fixture';

describe('IPC rules channels', () => {
  it('rules:list and rules:revoke serve the same rules as GET /api/rules and POST /api/rules/{id}/revoke', async () => {
    const rules = new RuleStore(null);
    const { ipc } = await desktopChannels({ rules });
    const rule = rules.add({
      agent: 'codex',
      tool: 'Bash',
      project: '/p',
      commandPrefix: 'cargo build',
    });
    expect(await ipc.invoke('rules:list', undefined, OURS)).toMatchObject({
      ok: true,
      value: { rules: [{ id: rule.id, commandPrefix: 'cargo build', hits: 0 }] },
    });
    expect(await ipc.invoke('rules:revoke', { id: rule.id }, OURS)).toMatchObject({
      ok: true,
      value: { rule: { id: rule.id } },
    });
    expect(rules.list()).toEqual([]);
    expect(await ipc.invoke('rules:revoke', { id: rule.id }, OURS)).toEqual({
      ok: false,
      error: { code: 'not_found', message: `no rule ${rule.id}`, status: 404 },
    });
    expect(await ipc.invoke('rules:revoke', { id: '' }, OURS)).toMatchObject({
      ok: false,
      error: { code: 'invalid', status: 400 },
    });
    expect(await ipc.invoke('rules:list', undefined, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { code: 'forbidden', status: 403 },
    });
  });
});
