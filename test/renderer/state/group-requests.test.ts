import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { groupRequests } from '../../../renderer/src/state/group-requests';

const req = (id: string, createdAt: number, extra: Partial<HitlRequest> = {}): HitlRequest => ({
  id,
  source: 'clarity-file',
  key: id,
  prompt: '',
  input: { kind: 'text' },
  createdAt,
  status: 'pending',
  ...extra,
});

describe('groupRequests', () => {
  it('groups by agent, else by source; newest group first, newest first inside', () => {
    const agent = { id: 'a1', name: 'claude' };
    const rows = groupRequests([
      req('old-file', 1),
      req('new-file', 5),
      req('agent-old', 2, { source: 'cueme', agent }),
      req('agent-new', 9, { source: 'cueme', agent }),
      req('mcp', 3, { source: 'mcp' }),
    ]);
    expect(
      rows.map((r) => (r.kind === 'group' ? `[${r.groupKey}:${r.count}]` : r.request.id)),
    ).toEqual([
      '[agent:a1:2]',
      'agent-new',
      'agent-old',
      '[source:clarity-file:2]',
      'new-file',
      'old-file',
      '[source:mcp:1]',
      'mcp',
    ]);
  });

  it('handles an empty inbox', () => {
    expect(groupRequests([])).toEqual([]);
  });
});
