// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRuleView } from '@contract/approval';
import { RulesView, type RulesApi } from '../../../renderer/src/rules/RulesView';
import { renderWithI18n } from '../components/dom-fixtures';

afterEach(cleanup);

const base = { agent: 'claude-code', project: '/home/dev/shop-api', createdAt: 0, hits: 0 };

describe('RulesView', () => {
  it('shows each scope, marks a rule too broad to match any more, and revokes it', async () => {
    let rules: ApprovalRuleView[] = [
      { ...base, id: 'r-exact', tool: 'Bash', command: 'npm test -- --run' },
      { ...base, id: 'r-files', tool: 'apply_patch', paths: ['src/a.ts', 'src/b.ts'] },
      { ...base, id: 'r-web', tool: 'WebFetch', domain: 'docs.example.com' },
      {
        ...base,
        id: 'r-find',
        tool: 'Bash',
        commandPrefix: 'find',
        inactive: 'find runs the command that follows it: only the exact command can be remembered',
      },
    ];
    const api: RulesApi = {
      listRules: async () => rules,
      revokeRule: async (id) => {
        const gone = rules.find((r) => r.id === id)!;
        rules = rules.filter((r) => r.id !== id);
        return gone;
      },
    };
    renderWithI18n(<RulesView api={api} />);
    const list = await screen.findByRole('list', { name: 'Always-allow rules' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.rule-scope')?.textContent)).toEqual([
      'npm test -- --run',
      'src/a.ts, src/b.ts',
      'docs.example.com',
      'find …',
    ]);
    expect(items[3]!.className).toContain('inactive');
    expect(items[3]!.textContent).toContain('Matches nothing now: find runs the command');
    expect(items[0]!.textContent).not.toContain('Matches nothing');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke r-find' }));
    await screen.findByText('Revoked find ….');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });
});
