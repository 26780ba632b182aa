import { describe, expect, it } from 'vitest';
import { decisionText, endpointText } from '../../../../main/adapters/coding-agents/hook-wire';

describe('the texts the hook proofs cover', () => {
  it('a decision: fixed key order, message only when there is one', () => {
    expect(decisionText(null)).toBe('null');
    expect(decisionText({ behavior: 'allow' })).toBe('{"behavior":"allow"}');
    expect(decisionText({ behavior: 'deny' })).toBe('{"behavior":"deny"}');
    expect(decisionText({ behavior: 'deny', message: 'no "rm"' })).toBe(
      '{"behavior":"deny","message":"no \\"rm\\""}',
    );
  });

  it('an endpoint: IPv4 (also IPv4-mapped) as is, IPv6 in brackets', () => {
    expect(endpointText('127.0.0.1', 7842)).toBe('127.0.0.1:7842');
    expect(endpointText('::ffff:127.0.0.1', 7842)).toBe('127.0.0.1:7842');
    expect(endpointText('::1', 7842)).toBe('[::1]:7842');
    expect(endpointText(undefined, undefined)).toBe(':0');
  });
});
