import { describe, expect, it } from 'vitest';
import {
  hubAgent,
  hubRequest,
  sessionView,
} from '../../../../../main/adapters/hapi/hub-bridge/hub-request';

const HERE = 'this-machine';

describe('HAPI hub requests as inbox cards', () => {
  it('names a session by its HAPI name, else its summary, else its folder, else its id', () => {
    const id = '1f5bfe1b-d0b5-44ee-bb8b-e1c632e83b1d';
    expect(sessionView(id, { name: ' Checkout ', path: '/srv/shop', host: HERE }, HERE)).toEqual({
      id,
      name: 'Checkout',
      path: '/srv/shop',
      local: true,
    });
    expect(sessionView(id, { summary: { text: 'Fix totals' }, path: '/srv/shop' }, HERE).name).toBe(
      'Fix totals',
    );
    expect(sessionView(id, { path: '/srv/shop', flavor: 'codex' }, HERE)).toMatchObject({
      name: 'shop',
      flavor: 'codex',
      local: false,
    });
    const relative = sessionView(id, { path: 'shop' }, HERE);
    expect(relative).toEqual({ id, name: 'session 1f5bfe1b', local: false });
    expect(hubAgent(relative)).toEqual({
      id: `hapi-${id}`,
      name: 'session 1f5bfe1b',
      runtime: 'HAPI',
    });
  });

  it("reads HAPI's CodexBash as a shell command; a question tool is not a card", () => {
    const view = sessionView('s1', { name: 'Codex run', path: '/srv/app', flavor: 'codex' }, HERE);
    const asked = Date.now() - 1000;
    const card = hubRequest(view, 'call_1', {
      tool: 'CodexBash',
      arguments: { command: ['git', 'status'] },
      createdAt: asked,
    });
    expect(card).toMatchObject({
      source: 'hapi',
      key: 's1/call_1',
      title: 'Bash: git status',
      agent: { id: 'hapi-s1', name: 'Codex run', runtime: 'HAPI · codex' },
      input: {
        kind: 'approval',
        tool: 'CodexBash',
        command: 'git status',
        scopes: [],
        noReason: "HAPI's hub takes no deny reason",
      },
      meta: { hubSessionId: 's1', hubRequestId: 'call_1' },
    });
    expect(card?.createdAt).toBe(asked);
    expect(hubRequest(view, 'q', { tool: 'AskUserQuestion', arguments: {} })).toBeUndefined();
  });

  it('keeps a non-object input as {value} and ignores an implausible hub clock', () => {
    const view = sessionView('s2', { name: 'Odd' }, HERE);
    const card = hubRequest(view, 'r', { tool: 'custom_tool', arguments: 'raw', createdAt: 1e15 });
    expect(card?.prompt).toContain('"value": "raw"');
    expect(card?.createdAt).toBeUndefined();
  });
});
