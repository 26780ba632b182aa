import { describe, expect, it } from 'vitest';
import { approvalRequest, noticeRequest } from '../../main/adapters/coding-agents/hook-request';
import { localizedPrompt, localizedTitle } from '../../contract/hook-prompt';

const event = (tool_name: string, tool_input: Record<string, unknown>) => ({
  session_id: '1a2b3c4d-5e6f',
  cwd: '/home/op/src/shop',
  hook_event_name: 'PermissionRequest' as const,
  tool_name,
  tool_input,
});

/** The broker's own words for each kind of call (the adapter's output, not a copy of it). */
const made = (tool: string, input: Record<string, unknown>) =>
  approvalRequest('claude-code', event(tool, input)).request;

describe('hook cards in zh-CN: the broker’s English words translated in the renderer', () => {
  it('a shell command: who, where, what, and the project/session line', () => {
    const zh = localizedPrompt(made('Bash', { command: 'npm test' }), 'zh');
    expect(zh.split('\n')[0]).toBe('**Claude Code**（`shop · 1a2b3c4d`）想要运行命令：');
    expect(zh).toContain('_项目_ `/home/op/src/shop` · _会话_ `1a2b3c4d-5e6f`');
    expect(zh).toContain('npm test');
    expect(zh).not.toMatch(/wants to|_Project_|_session_/);
  });

  it('every kind of call the adapter words is translated (edit, write, MCP, fetch, other)', () => {
    const calls = [
      made('Edit', { file_path: '/home/op/src/shop/a.ts', old_string: 'a', new_string: 'b' }),
      made('Write', { file_path: '/home/op/src/shop/b.ts', content: 'x' }),
      made('mcp__github__create_issue', { title: 'x' }),
      made('WebFetch', { url: 'https://example.com' }),
      made('TodoWrite', { todos: [] }),
    ];
    for (const request of calls)
      expect(localizedPrompt(request, 'zh').split('\n')[0]).toMatch(/想要/);
  });

  it('a notice’s default text; English and other sources stay as they are', () => {
    const notice = noticeRequest(
      'codex',
      { session_id: 's-1', cwd: '/w', hook_event_name: 'Notification' },
      Date.now() + 1000,
    );
    expect(localizedPrompt(notice, 'zh')).toMatch(/^Codex 正在等待你的输入/);
    expect(localizedTitle(notice, 'zh')).toBe('Codex 正在等待你的输入');
    expect(localizedTitle(notice, 'en')).toBe('Codex is waiting for your input');
    const bash = made('Bash', { command: 'ls' });
    expect(localizedPrompt(bash, 'en')).toBe(bash.prompt);
    const other = { source: 'cueme' as const, prompt: '**A** in `b` wants to run a command:' };
    expect(localizedPrompt(other, 'zh')).toBe(other.prompt);
  });
});
