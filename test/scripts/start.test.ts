import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script without type declarations
import { withoutDesktopFlags } from '../../scripts/start.js';

describe('npm start falling back to the headless broker', () => {
  it('drops the desktop-only flags (and their values) that serve would refuse, naming them', () => {
    expect(
      withoutDesktopFlags([
        '--port',
        '7900',
        '--hidden',
        '--remote',
        'vm=http://vm:7842/',
        '--remote-token=vm=secret',
        '--dir',
        '/tmp/hs',
      ]),
    ).toEqual({
      serveArgs: ['--port', '7900', '--dir', '/tmp/hs'],
      dropped: ['--hidden', '--remote', '--remote-token'],
    });
    expect(withoutDesktopFlags(['--token', 't'])).toEqual({
      serveArgs: ['--token', 't'],
      dropped: [],
    });
  });
});
