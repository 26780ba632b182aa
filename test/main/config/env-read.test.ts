import { describe, expect, it } from 'vitest';
import { ConfigError, readVar } from '../../../main/config/env-read';
import {
  ALLOW_QUERY_TOKEN,
  BROKER_URL,
  HOOK_TIMEOUT,
  MCP_HANDOFF_SECONDS,
  OPERATOR_TOKENS,
  TOKEN,
} from '../../../main/config/env-vars';

describe('one environment variable, read once', () => {
  it('reads the documented name first, then its alias; empty counts as unset', () => {
    const both = {
      CLARITY_HITL_BROKER: 'https://hitl.example.org/',
      CLARITY_HITL_BROKER_URL: 'http://10.0.0.2:7842/',
    };
    expect(readVar(BROKER_URL, both)).toBe('https://hitl.example.org/');
    expect(readVar(BROKER_URL, { ...both, CLARITY_HITL_BROKER: '' })).toBe('http://10.0.0.2:7842/');
    expect(readVar(TOKEN, { CLARITY_HITL_BROKER_TOKEN: 'b', CLARITY_HITL_TOKEN: 'a' })).toBe('a');
    expect(readVar(TOKEN, { CLARITY_HITL_BROKER_TOKEN: 'b' })).toBe('b');
    expect(readVar(TOKEN, {})).toBeUndefined();
  });

  it('a bad value is a ConfigError naming the variable that was set (the alias too)', () => {
    expect(() => readVar(HOOK_TIMEOUT, { CLARITY_HITL_HOOK_TIMEOUT: 'abc' })).toThrow(
      new ConfigError('CLARITY_HITL_HOOK_TIMEOUT=abc: must be a number of seconds above 0'),
    );
    expect(() => readVar(HOOK_TIMEOUT, { CLARITY_HITL_HOOK_TIMEOUT: '0' })).toThrow(ConfigError);
    expect(() => readVar(BROKER_URL, { CLARITY_HITL_BROKER_URL: 'localhost:7842' })).toThrow(
      /^CLARITY_HITL_BROKER_URL=localhost:7842: must be an http\(s\) URL$/,
    );
  });

  it('parses numbers, on/off and name=value lists', () => {
    expect(readVar(HOOK_TIMEOUT, { CLARITY_HITL_HOOK_TIMEOUT: '1.5' })).toBe(1.5);
    expect(readVar(MCP_HANDOFF_SECONDS, { CLARITY_HITL_MCP_HANDOFF_SECONDS: '0' })).toBe(0);
    expect(readVar(ALLOW_QUERY_TOKEN, { CLARITY_HITL_ALLOW_QUERY_TOKEN: 'YES' })).toBe(true);
    expect(readVar(ALLOW_QUERY_TOKEN, { CLARITY_HITL_ALLOW_QUERY_TOKEN: 'false' })).toBe(false);
    expect(() => readVar(ALLOW_QUERY_TOKEN, { CLARITY_HITL_ALLOW_QUERY_TOKEN: 'maybe' })).toThrow(
      /CLARITY_HITL_ALLOW_QUERY_TOKEN=maybe: must be 1, true or yes/,
    );
    expect(readVar(OPERATOR_TOKENS, { CLARITY_HITL_OPERATOR_TOKENS: 'a=1, b=2 c=3' })).toEqual([
      'a=1',
      'b=2',
      'c=3',
    ]);
  });

  it('never repeats a secret in its error', () => {
    const error = (() => {
      try {
        readVar(OPERATOR_TOKENS, { CLARITY_HITL_OPERATOR_TOKENS: 'alice=s3cret bob' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toMatch(/^CLARITY_HITL_OPERATOR_TOKENS=…: must be name=value pairs/);
    expect(error!.message).not.toContain('s3cret');
  });
});
