import { describe, expect, it } from 'vitest';
import { localizedReason } from '@contract/scope-reason';
import { prefixRefusal } from '../../main/adapters/coding-agents/scope-choices';
import { prefixProblem } from '../../main/adapters/coding-agents/command-policy';

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
    expect(localizedReason("HAPI's own 'allow for this session' stays in HAPI's app", 'zh')).toBe(
      "HAPI's own 'allow for this session' stays in HAPI's app",
    );
  });
});
