import { describe, expect, it } from 'vitest';
import { LaunchArgsError, parseLaunchArgs } from '../../../main/desktop/launch-args';

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
    });
  });

  it('reads -p and --port=, and nothing when no flag is given', () => {
    expect(parseLaunchArgs(['-p', '0']).port).toBe(0);
    expect(parseLaunchArgs(['--port=65535']).port).toBe(65535);
    expect(parseLaunchArgs(['.'])).toEqual({ dirs: [], hidden: false });
  });

  it.each([
    [['--port', 'abc'], /--port must be a number \(got "abc"\)/],
    [['--port', '70000'], /--port must be 0\.\.65535/],
    [['--port', '1.5'], /--port must be a whole number/],
    [['--port'], /--port needs a value/],
    [['--token='], /--token needs a value/],
  ])('refuses %j naming the flag', (argv, message) => {
    expect(() => parseLaunchArgs(argv)).toThrow(LaunchArgsError);
    expect(() => parseLaunchArgs(argv)).toThrow(message);
  });
});
