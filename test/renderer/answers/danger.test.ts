import { describe, expect, it } from 'vitest';
import { isDangerousConfirm } from '../../../renderer/src/answers/danger';

describe('isDangerousConfirm', () => {
  it('follows the agent’s mark either way', () => {
    expect(isDangerousConfirm({ input: { kind: 'confirm', danger: true } })).toBe(true);
    expect(
      isDangerousConfirm({ title: 'Delete it?', input: { kind: 'confirm', danger: false } }),
    ).toBe(false);
  });

  it('a destructive word in the title, confirm text or label (English or Chinese) marks it', () => {
    expect(isDangerousConfirm({ title: 'Drop table users?', input: { kind: 'confirm' } })).toBe(
      true,
    );
    expect(isDangerousConfirm({ input: { kind: 'confirm', confirmLabel: 'Force push' } })).toBe(
      true,
    );
    expect(isDangerousConfirm({ input: { kind: 'confirm', text: 'Run `rm -rf dist`' } })).toBe(
      true,
    );
    expect(isDangerousConfirm({ title: '删除分支？', input: { kind: 'confirm' } })).toBe(true);
  });

  it('ordinary confirms and other kinds are not', () => {
    expect(isDangerousConfirm({ title: 'Deploy to production?', input: { kind: 'confirm' } })).toBe(
      false,
    );
    expect(isDangerousConfirm({ title: 'Dropdown order ok?', input: { kind: 'confirm' } })).toBe(
      false,
    );
    expect(isDangerousConfirm({ title: 'Delete?', input: { kind: 'text' } })).toBe(false);
  });
});
