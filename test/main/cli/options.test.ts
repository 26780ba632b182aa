import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode, parseSeconds, resolveHandshakeDir } from '../../../main/cli/options';

describe('resolveHandshakeDir', () => {
  it('prefers the [dir] argument, then --dir, then CLARITY_HITL_DIR, then .clarity-hitl/', () => {
    const env = { CLARITY_HITL_DIR: '/from/env' };
    expect(resolveHandshakeDir('/arg', '/flag', env)).toBe('/arg');
    expect(resolveHandshakeDir(undefined, '/flag', env)).toBe('/flag');
    expect(resolveHandshakeDir(undefined, undefined, env)).toBe('/from/env');
    expect(resolveHandshakeDir(undefined, undefined, {})).toBe(resolve('.clarity-hitl'));
    expect(resolveHandshakeDir(undefined, undefined, { CLARITY_HITL_DIR: '' })).toBe(
      resolve('.clarity-hitl'),
    );
  });
});

describe('parseSeconds', () => {
  it('accepts non-negative numbers and rejects the rest with a usage exit code', () => {
    expect(parseSeconds('90')).toBe(90);
    expect(parseSeconds('1.5')).toBe(1.5);
    for (const bad of ['', 'soon', '-1', 'Infinity']) {
      try {
        parseSeconds(bad);
        expect.unreachable();
      } catch (error) {
        expect((error as { exitCode: number }).exitCode).toBe(ExitCode.usage);
      }
    }
  });
});
