import { describe, expect, it } from 'vitest';
import type { HitlRequest, InputSpec } from '@contract/request';
import { bulkResolution } from '../../../renderer/src/state/bulk-resolution';

const req = (input: InputSpec): HitlRequest => ({
  id: 'r',
  source: 'clarity-http',
  key: 'r',
  prompt: '',
  input,
  createdAt: 0,
  status: 'pending',
});

describe('bulkResolution', () => {
  it('cancels text, choice and form requests with the reason', () => {
    expect(bulkResolution(req({ kind: 'text' }), ' out of scope ')).toEqual({
      kind: 'cancel',
      reason: 'out of scope',
    });
    expect(bulkResolution(req({ kind: 'text' }), '  ')).toEqual({
      kind: 'cancel',
      reason: undefined,
    });
  });

  it('declines a confirm with the reason as its note', () => {
    expect(bulkResolution(req({ kind: 'confirm' }), 'no')).toEqual({
      kind: 'answer',
      input: { value: { kind: 'confirm', confirmed: false, note: 'no' } },
    });
  });

  it('denies a coding agent’s approval with the reason sent back to it', () => {
    expect(bulkResolution(req({ kind: 'approval', tool: 'Bash', rule: {} }), 'not now')).toEqual({
      kind: 'answer',
      input: { value: { kind: 'approval', decision: 'deny', reason: 'not now' } },
    });
  });
});
