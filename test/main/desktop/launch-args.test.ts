import { describe, expect, it } from 'vitest';
import {
  LaunchArgsError,
  parseLaunchArgs,
  remotesFromEnv,
} from '../../../main/desktop/launch-args';

describe('parseLaunchArgs', () => {
  it('takes the serve-like flags after the app path and leaves Electron switches alone', () => {
    const args = parseLaunchArgs([
      '.',
      '--no-sandbox',
      '--port',
      '7900',
      '--token=secret-123',
      '--dir',
      '/tmp/a',
      '--dir=/tmp/b',
      '--hidden',
    ]);
    expect(args).toEqual({
      port: 7900,
      token: 'secret-123',
      dirs: ['/tmp/a', '/tmp/b'],
      hidden: true,
      remotes: [],
    });
  });

  it('reads -p and --port=, and nothing when no flag is given', () => {
    expect(parseLaunchArgs(['-p', '0']).port).toBe(0);
    expect(parseLaunchArgs(['--port=65535']).port).toBe(65535);
    expect(parseLaunchArgs(['.'])).toEqual({ dirs: [], hidden: false, remotes: [] });
  });

  it.each([
    [['--port', 'abc'], /--port must be a number \(got "abc"\)/],
    [['--port', '70000'], /--port must be 0\.\.65535/],
    [['--port', '1.5'], /--port must be a whole number/],
    [['--port'], /--port needs a value/],
    [['--token='], /--token needs a value/],
    [['--remote', 'build-vm'], /--remote takes name=value/],
    [['--remote', 'vm=ftp://x'], /--remote needs an http\(s\) URL/],
    [['--remote', 'a/b=http://x/'], /--remote name must not contain "\/"/],
    [
      ['--remote-token', 'vm=secret'],
      /--remote-token names "vm", which no remote broker is called/,
    ],
  ])('refuses %j naming the flag', (argv, message) => {
    expect(() => parseLaunchArgs(argv)).toThrow(LaunchArgsError);
    expect(() => parseLaunchArgs(argv)).toThrow(message);
  });

  it('reads remote brokers (this run only) with their tokens, from flags and the environment', () => {
    expect(
      parseLaunchArgs([
        '--remote',
        'build-vm=https://vm.example:7842/',
        '--remote=lab=http://10.0.0.7:7842/',
        '--remote-token',
        'build-vm=s3cret',
      ]).remotes,
    ).toEqual([
      { name: 'build-vm', url: 'https://vm.example:7842/', token: 's3cret' },
      { name: 'lab', url: 'http://10.0.0.7:7842/' },
    ]);
    expect(
      remotesFromEnv({
        CLARITY_HITL_REMOTES: 'vm=http://vm:7842/, lab=http://lab:7842/',
        CLARITY_HITL_REMOTE_TOKENS: 'lab=tok',
      }),
    ).toEqual([
      { name: 'vm', url: 'http://vm:7842/' },
      { name: 'lab', url: 'http://lab:7842/', token: 'tok' },
    ]);
    expect(remotesFromEnv({})).toEqual([]);
    expect(() => remotesFromEnv({ CLARITY_HITL_REMOTES: 'nope' })).toThrow(/CLARITY_HITL_REMOTES/);
  });
});
