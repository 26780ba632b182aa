import { describe, expect, it } from 'vitest';
import { ExitCode } from '../../../main/cli/options';
import { startCli } from '../../support/cli';

/** README: "usage errors exit 2", whichever command the bad option or value was given to. */
describe('usage errors exit 2 on every command', () => {
  const cases: [string, string[], RegExp][] = [
    ['serve --port abc', ['serve', '--port', 'abc'], /--port/],
    ['serve --history-limit -1', ['serve', '--history-limit', '-1'], /--history-limit/],
    ['rules with an unknown option', ['rules', '--port', 'abc'], /--port/],
    ['mcp with an unknown option', ['mcp', '--bogus', '1'], /--bogus/],
    ['run with an unknown option', ['run', '--bogus', '--', 'true'], /--bogus/],
    ['the program with an unknown option', ['--bogus'], /--bogus/],
  ];
  it.each(cases)('%s', async (_name, args, names) => {
    const run = startCli(args);
    expect(await run.exit).toBe(ExitCode.usage);
    expect(run.stderr()).toMatch(names);
  });

  it('help still exits 0', async () => {
    const run = startCli(['serve', '--help']);
    expect(await run.exit).toBe(0);
    expect(run.stdout()).toMatch(/--port/);
  });
});
