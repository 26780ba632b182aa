import { describe, expect, it } from 'vitest';
import { ConfigSchema, readConfig } from '../../../main/config/config-schema';
import { ConfigError } from '../../../main/config/env-read';
import { SETTINGS } from '../../../main/config/settings-table';

describe('readConfig', () => {
  it('has a schema entry for every setting and reads each through its aliases', () => {
    expect(Object.keys(ConfigSchema.shape).sort()).toEqual(Object.keys(SETTINGS).sort());
    const config = readConfig({
      CLARITY_HITL_BROKER_URL: 'http://127.0.0.1:9000/',
      CLARITY_HITL_BROKER_TOKEN: 'tok',
      CLARITY_HITL_HOOK_TIMEOUT: '30',
      CLARITY_HITL_OPERATOR_ANSWERS_ONLY: '1',
      CLARITY_HITL_REMOTES: 'vm=http://vm:7842/,lab=http://lab:7842/',
      HITL_TEST_HOOKS: '1',
    });
    expect(config).toMatchObject({
      brokerUrl: 'http://127.0.0.1:9000/',
      token: 'tok',
      hookTimeout: 30,
      operatorAnswersOnly: true,
      remotes: ['vm=http://vm:7842/', 'lab=http://lab:7842/'],
      testHooks: true,
    });
    expect(config.stateDir).toBeUndefined();
    expect(config.allowQueryToken).toBeUndefined();
  });

  it('names every bad variable in one ConfigError', () => {
    const env = { CLARITY_HITL_HOOK_TIMEOUT: 'abc', CLARITY_HITL_MCP_PROGRESS_MS: '1.5' };
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(
      'CLARITY_HITL_HOOK_TIMEOUT=abc: must be a number of seconds above 0; ' +
        'CLARITY_HITL_MCP_PROGRESS_MS=1.5: must be a whole number of milliseconds (0 or more)',
    );
  });

  it('reads only the settings asked for: a bad variable of another command does not stop it', () => {
    const env = { CLARITY_HITL_HOOK_TIMEOUT: 'abc', CLARITY_HITL_STORE: 'postgres://db/hitl' };
    expect(readConfig(env, ['store'])).toEqual({ store: 'postgres://db/hitl' });
    expect(() => readConfig(env, ['store', 'hookTimeout'])).toThrow(/CLARITY_HITL_HOOK_TIMEOUT/);
  });
});
