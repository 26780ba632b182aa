import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ruleMatches,
  type ApprovalRule,
} from '../../../../main/adapters/coding-agents/approval-rule';
import { RuleStore } from '../../../../main/adapters/coding-agents/rule-store';
import { scopeChoices } from '../../../../main/adapters/coding-agents/scope-choices';
import { readToolCall } from '../../../../main/adapters/coding-agents/tool-call';

const CWD = '/home/dev/shop-api';
const rule = (patch: Partial<ApprovalRule>): ApprovalRule => ({
  id: 'r-1',
  agent: 'claude-code',
  tool: 'Bash',
  project: CWD,
  createdAt: 0,
  hits: 0,
  ...patch,
});
const bash = (command: string) => readToolCall('Bash', { command }, CWD);

describe('approval rules', () => {
  it('a command prefix matches whole words, never a chained or redirected command', () => {
    const r = rule({ commandPrefix: 'npm test' });
    expect(ruleMatches(r, 'claude-code', CWD, bash('npm test'))).toBe(true);
    expect(ruleMatches(r, 'claude-code', CWD, bash('npm test -- --run'))).toBe(true);
    expect(ruleMatches(r, 'claude-code', `${CWD}/packages/cart`, bash('npm test'))).toBe(true);
    expect(ruleMatches(r, 'claude-code', CWD, bash('npm testify'))).toBe(false);
    expect(ruleMatches(r, 'claude-code', CWD, bash('npm test; rm -rf ~'))).toBe(false);
    expect(ruleMatches(r, 'claude-code', CWD, bash('npm test > /etc/passwd'))).toBe(false);
    expect(ruleMatches(r, 'claude-code', CWD, bash('npm test $(curl x)'))).toBe(false);
    expect(ruleMatches(r, 'codex', CWD, bash('npm test'))).toBe(false);
    expect(ruleMatches(r, 'claude-code', '/home/dev/other', bash('npm test'))).toBe(false);
  });

  it('a path glob matches files of the project only', () => {
    const r = rule({ tool: 'Edit', pathGlob: 'src/**' });
    const edit = (file: string) =>
      readToolCall('Edit', { file_path: file, old_string: 'a', new_string: 'b' }, CWD);
    expect(ruleMatches(r, 'claude-code', CWD, edit(`${CWD}/src/cart/total.ts`))).toBe(true);
    expect(ruleMatches(r, 'claude-code', CWD, edit(`${CWD}/docs/a.md`))).toBe(false);
    expect(ruleMatches(r, 'claude-code', CWD, edit('/etc/src/x'))).toBe(false);
    expect(ruleMatches(r, 'claude-code', CWD, edit(`${CWD}/src/../../x`))).toBe(false);
  });

  it('offers the exact command first, then program+subcommand prefixes; the exact file, then its folders', () => {
    const scopes = (call: Parameters<typeof scopeChoices>[0]) =>
      scopeChoices(call, CWD).scopes.map((c) => c.scope);
    expect(scopes(bash('git push origin main'))).toEqual([
      { command: 'git push origin main' },
      { commandPrefix: 'git push' },
      { commandPrefix: 'git push origin' },
    ]);
    expect(scopes(bash('npm run build -- --watch'))).toEqual([
      { command: 'npm run build -- --watch' },
      { commandPrefix: 'npm run' },
      { commandPrefix: 'npm run build' },
    ]);
    expect(scopes(bash('ls -la'))).toEqual([{ command: 'ls -la' }]);
    expect(
      scopes(readToolCall('Write', { file_path: `${CWD}/src/a/b.ts`, content: 'x' }, CWD)),
    ).toEqual([
      { paths: ['src/a/b.ts'] },
      { pathGlob: 'src/a/*' },
      { pathGlob: 'src/a/**' },
      { pathGlob: 'src/**' },
    ]);
    expect(
      scopes(readToolCall('Write', { file_path: `${CWD}/README.md`, content: 'x' }, CWD)),
    ).toEqual([{ paths: ['README.md'] }]);
    expect(readToolCall('Bash', { command: ['cargo', 'build', '--release'] }, CWD)).toMatchObject({
      kind: 'shell',
      command: 'cargo build --release',
    });
    expect(readToolCall('shell', { command: ['bash', '-lc', 'npm test'] }, CWD)).toMatchObject({
      command: 'npm test',
    });
  });

  it('the store keeps rules in a 0600 file, reloads them, skips an invalid one, and revokes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hitl-rules-'));
    const warnings: string[] = [];
    const store = RuleStore.inStateDir(dir);
    const added = store.add({
      agent: 'claude-code',
      tool: 'Bash',
      project: CWD,
      commandPrefix: 'npm test',
    });
    const file = path.join(dir, 'approval-rules.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ rules: [...saved.rules, { id: 'broken' }] }));
    const reloaded = RuleStore.inStateDir(dir, (w) => warnings.push(w));
    expect(reloaded.list().map((r) => r.id)).toEqual([added.id]);
    expect(warnings).toEqual([`${file}: skipped an invalid rule`]);
    expect(reloaded.match('claude-code', CWD, bash('npm test'))?.hits).toBe(1);
    reloaded.revoke(added.id);
    expect(RuleStore.inStateDir(dir).list()).toEqual([]);
    expect(() =>
      reloaded.add({ agent: 'claude-code', tool: 'Bash', project: CWD, commandPrefix: 'find' }),
    ).toThrow(/invalid rule: find runs the command that follows it/);
    expect(() => reloaded.revoke(added.id)).toThrow(`no rule ${added.id}`);
  });
});
