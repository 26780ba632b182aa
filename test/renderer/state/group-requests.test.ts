import { describe, expect, it } from 'vitest';
import { groupKeyOf } from '../../../renderer/src/state/group-requests';
import { pendingRequest } from '../../support/pending-request';

describe('groupKeyOf', () => {
  it('is the agent when the request names one, else its protocol source', () => {
    const plain = pendingRequest('a', 1);
    expect(groupKeyOf(plain)).toBe('source:clarity-http');
    expect(groupKeyOf({ ...plain, source: 'mcp' })).toBe('source:mcp');
    expect(groupKeyOf({ ...plain, agent: { id: 'a1', name: 'claude' } })).toBe('agent:a1');
    // Two agents of one name are still two groups (the id decides).
    expect(groupKeyOf({ ...plain, agent: { id: 'a2', name: 'claude' } })).toBe('agent:a2');
  });
});
