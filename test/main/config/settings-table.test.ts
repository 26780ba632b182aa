import { describe, expect, it } from 'vitest';
import { DEFAULT_HOOK_WAIT_SECONDS } from '../../../main/adapters/coding-agents/hook-wire';
import { DEFAULT_HANDOFF_MS } from '../../../main/adapters/mcp/mcp-server';
import { DEFAULT_PORT } from '../../../main/http/server';
import { DEFAULT_BROKER_URL, SETTINGS } from '../../../main/config/settings-table';

describe('the settings table', () => {
  it("states the defaults the code applies (config is the bottom layer: it can't import them)", () => {
    expect(SETTINGS.hookTimeout.default).toBe(String(DEFAULT_HOOK_WAIT_SECONDS));
    expect(SETTINGS.mcpHandoffSeconds.default).toBe(String(DEFAULT_HANDOFF_MS / 1000));
    expect(new URL(DEFAULT_BROKER_URL).port).toBe(String(DEFAULT_PORT));
  });

  it('names each variable once (no name is another setting’s alias)', () => {
    const names = Object.values(SETTINGS).flatMap((s) => [s.env.name, ...s.env.aliases]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^(CLARITY_)?HITL_[A-Z_]+$/);
  });
});
