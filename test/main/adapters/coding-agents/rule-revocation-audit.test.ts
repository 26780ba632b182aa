import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleRevokedEntry } from '../../../../main/adapters/coding-agents/rule-audit';
import { RuleStore } from '../../../../main/adapters/coding-agents/rule-store';
import { AuditLog } from '../../../../main/broker/audit-log';

describe('rule revocation and stale rules', () => {
  it('a revoked rule is written to the audit log, with who revoked it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hitl-revoke-'));
    const audit = await AuditLog.open(path.join(dir, 'audit.jsonl'));
    const store = RuleStore.inStateDir(dir, undefined, (rule, by) =>
      audit.append(ruleRevokedEntry(rule, by, Date.parse('2026-11-26T23:00:00Z'))),
    );
    const rule = store.add({
      agent: 'codex',
      tool: 'Bash',
      project: '/home/dev/shop-api',
      commandPrefix: 'npm test',
    });
    store.revoke(rule.id, 'cli');
    await audit.close();
    const lines = readFileSync(path.join(dir, 'audit.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        time: '2026-11-26T23:00:00.000Z',
        event: 'rule-revoked',
        ruleId: rule.id,
        agent: 'codex',
        tool: 'Bash',
        project: '/home/dev/shop-api',
        rule: 'Bash: npm test …',
        by: 'cli',
      },
    ]);
  });

  it('rules kept before the scope checks are listed as inactive and match nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hitl-stale-'));
    const old = (id: string, scope: Record<string, string>, tool = 'Bash') => ({
      id,
      agent: 'claude-code',
      tool,
      project: '/p',
      createdAt: 0,
      hits: 0,
      ...scope,
    });
    writeFileSync(
      path.join(dir, 'approval-rules.json'),
      JSON.stringify({
        rules: [
          old('find', { commandPrefix: 'find' }),
          old('glob', { pathGlob: '**' }, 'Edit'),
          old('any', {}),
          old('ask', {}, 'AskUserQuestion'),
          old('npm', { commandPrefix: 'npm test' }),
        ],
      }),
    );
    const store = RuleStore.inStateDir(dir);
    expect(store.list().map((r) => [r.id, r.inactive !== undefined])).toEqual([
      ['find', true],
      ['glob', true],
      ['any', true],
      ['ask', true],
      ['npm', false],
    ]);
    const call = { kind: 'shell' as const, tool: 'Bash', command: 'find / -exec rm -rf {} +' };
    expect(store.match('claude-code', '/p', call)).toBeUndefined();
    expect(store.match('claude-code', '/p', { ...call, command: 'npm test' })?.id).toBe('npm');
  });
});
