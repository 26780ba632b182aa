import { describe, expect, it } from 'vitest';
import { AgentMessageStore } from '../../../../main/adapters/hapi/agent-message-store';

const msg = (text: string) => ({
  role: 'assistant' as const,
  content: [{ type: 'text' as const, text }],
});

describe('AgentMessageStore', () => {
  it('keeps the newest messages per agent, oldest first, with the receive time', () => {
    let now = 0;
    const store = new AgentMessageStore({ perAgent: 3, now: () => ++now });
    for (const t of ['a', 'b', 'c', 'd']) store.append('agent-1', msg(t));
    expect(store.list('agent-1').map((m) => [m.content[0], m.at])).toEqual([
      [{ type: 'text', text: 'b' }, 2],
      [{ type: 'text', text: 'c' }, 3],
      [{ type: 'text', text: 'd' }, 4],
    ]);
    expect(store.list('agent-1', 1).map((m) => m.at)).toEqual([4]);
    expect(store.list('nobody')).toEqual([]);
  });

  it('forgets the least recently written agent beyond maxAgents', () => {
    const store = new AgentMessageStore({ maxAgents: 2 });
    store.append('a', msg('1'));
    store.append('b', msg('1'));
    store.append('a', msg('2'));
    store.append('c', msg('1'));
    expect(store.agentCount).toBe(2);
    expect(store.list('b')).toEqual([]);
    expect(store.list('a')).toHaveLength(2);
  });
});
