import { describe, expect, it } from 'vitest';
import { localizedReason } from '@contract/scope-reason';
import { prefixRefusal } from '../../main/adapters/coding-agents/scope-choices';
import { prefixProblem } from '../../main/adapters/coding-agents/command-policy';
import { scopeChoices } from '../../main/adapters/coding-agents/scope-choices';
import { hostProblem } from '../../main/adapters/coding-agents/net-policy';
import { approvalRequest } from '../../main/adapters/coding-agents/hook-request';
import { hubRequest, sessionView } from '../../main/adapters/hapi/hub-bridge/hub-request';
import { hookEvent } from '../support/hook-fixtures';
import type { ApprovalInput } from '@contract/approval';
import type { DecisionEvent } from '../../main/adapters/coding-agents/hook-event';

/** English words left once the names (programs, subcommands) and "shell" are taken out. */
const english = (text: string, names: string[]) =>
  [...names, 'shell'].reduce((t, n) => t.split(n).join(''), text).match(/[A-Za-z]{3,}/g) ?? [];

describe('the hook adapter’s reasons for no wider "always" than the command, in zh-CN', () => {
  const cases: [string | undefined, string[]][] = [
    [prefixRefusal('npm run build && git push'), []],
    [prefixRefusal('echo $HOME/*'), []],
    [prefixRefusal('rm -rf build'), ['rm']],
    [prefixRefusal('sudo apt update'), ['sudo']],
    [prefixRefusal('bash -c "ls"'), ['bash']],
    [prefixRefusal('git'), ['git']],
    [prefixRefusal('FOO=1 make'), ['FOO=1']],
    [prefixRefusal('npm install left-pad'), ['npm install']],
    [prefixRefusal('npm exec foo'), ['npm exec']],
    [prefixProblem([]), []],
  ];
  it.each(cases.map(([why, names], i) => [i, why, names] as const))(
    'reason %i is wholly Chinese but for its names',
    (_, why, names) => {
      expect(why).toBeDefined();
      const zh = localizedReason(why!, 'zh');
      expect(english(zh, names), `${why} -> ${zh}`).toEqual([]);
      expect(localizedReason(why!, 'en')).toBe(why);
    },
  );

  it('leaves a reason it does not know as the broker sent it', () => {
    expect(localizedReason('a reason from a newer broker', 'zh')).toBe(
      'a reason from a newer broker',
    );
  });
});

describe('the reasons for no "always", no edit and no deny reason, in zh-CN', () => {
  const noAlways = (call: Parameters<typeof scopeChoices>[0]) =>
    scopeChoices(call, '/srv/app').noAlways;
  const codex = approvalRequest('codex', hookEvent('codex-bash') as DecisionEvent).request
    .input as ApprovalInput;
  const view = sessionView('s1', { name: 'run', path: '/srv/app', flavor: 'codex' }, '/srv');
  const hapi = hubRequest(view, 'c1', { tool: 'CodexBash', arguments: { command: ['ls'] } })!
    .input as ApprovalInput;
  const cases: [string | undefined, string[]][] = [
    [
      noAlways({ kind: 'other', tool: 'request_permissions', input: {} } as never),
      ['request_permissions'],
    ],
    [noAlways({ kind: 'other', tool: 'http_request', input: {} } as never), ['http_request']],
    [noAlways({ kind: 'edit', tool: 'apply_patch', files: [] } as never), []],
    [noAlways({ kind: 'edit', tool: 'Edit', files: ['/etc/passwd'] } as never), ['/etc/passwd']],
    [noAlways({ kind: 'fetch', tool: 'WebFetch', host: undefined } as never), []],
    [hostProblem('localhost'), ['localhost']],
    [hostProblem('169.254.169.254'), []],
    [hostProblem('::ffff:127.0.0.1'), []],
    [hostProblem('64:ff9b::a9fe:a9fe'), ['IPv4', 'NAT64', 'Teredo']],
    [codex.noEdit, ['Codex', 'updatedInput']],
    [hapi.noAlways, ['HAPI']],
    [hapi.noEdit, ['HAPI', 'hub']],
    [hapi.noReason, ['HAPI', 'hub']],
  ];
  it.each(cases.map(([why, names], i) => [i, why, names] as const))(
    'reason %i is wholly Chinese but for its names',
    (_, why, names) => {
      expect(why).toBeDefined();
      const zh = localizedReason(why!, 'zh');
      expect(english(zh, names), `${why} -> ${zh}`).toEqual([]);
    },
  );
});
