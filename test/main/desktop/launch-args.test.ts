import { describe, expect, it } from 'vitest';
import { parseLaunchArgs } from '../../../main/desktop/launch-args';

describe('parseLaunchArgs', () => {
  it('takes --port and --hidden among Electron switches', () => {
    expect(parseLaunchArgs(['--port', '7900', '--no-sandbox', '--hidden'])).toEqual({
      port: 7900,
      hidden: true,
      problems: [],
    });
    expect(parseLaunchArgs(['--port=0'])).toMatchObject({ port: 0, hidden: false });
  });

  it('names a bad port and keeps the saved one', () => {
    const parsed = parseLaunchArgs(['--port', 'abc']);
    expect(parsed.port).toBeUndefined();
    expect(parsed.problems[0]).toContain('--port');
  });
});
