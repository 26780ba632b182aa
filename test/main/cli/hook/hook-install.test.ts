import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  installHook,
  installedEvents,
  uninstallHook,
} from '../../../../main/cli/hook/hook-install';
import { settingsFile } from '../../../../main/cli/hook/hook-settings';
import { runCli } from '../../../support/cli';
import { schemaErrors } from '../../../support/hook-fixtures';
import { makeTempDir } from '../../../support/temp-dir';

let home: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => {
  home = await makeTempDir('hitl-home-');
});
afterEach(() => home.remove());

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const CMD = '/usr/bin/node /opt/clarity/bin/clarity-hitl.js hook claude-code';

describe('hook install / uninstall / status', () => {
  it('merges into an existing Claude Code settings file, keeps everything else, backs it up, is idempotent, and uninstall removes exactly what it added', () => {
    const file = path.join(home.path, 'project', '.claude', 'settings.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const original = {
      model: 'opus',
      permissions: { allow: ['Bash(npm test:*)'] },
      hooks: {
        PermissionRequest: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'my-audit.sh' }] },
        ],
        PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'prettier-hook' }] }],
      },
    };
    writeFileSync(file, JSON.stringify(original, null, 2));

    const first = installHook(file, 'claude-code', CMD);
    expect(first).toMatchObject({
      changed: true,
      events: ['PermissionRequest', 'Notification', 'Stop', 'SessionEnd'],
    });
    expect(read(first.backup!)).toEqual(original);
    const installed = read(file);
    expect(installed.model).toBe('opus');
    expect(installed.permissions).toEqual(original.permissions);
    expect(installed.hooks.PostToolUse).toEqual(original.hooks.PostToolUse);
    expect(installed.hooks.PermissionRequest).toEqual([
      original.hooks.PermissionRequest[0],
      { matcher: '*', hooks: [{ type: 'command', command: CMD, timeout: 600 }] },
    ]);
    expect(installed.hooks.Notification).toEqual([
      { hooks: [{ type: 'command', command: CMD, timeout: 600 }] },
    ]);

    const second = installHook(file, 'claude-code', CMD);
    expect(second.changed).toBe(false);
    expect(read(file)).toEqual(installed);
    expect(installedEvents(file, 'claude-code')).toEqual([
      'PermissionRequest',
      'Notification',
      'Stop',
      'SessionEnd',
    ]);

    const removed = uninstallHook(file, 'claude-code');
    expect(removed).toMatchObject({ changed: true });
    expect(read(file)).toEqual(original);
    expect(installedEvents(file, 'claude-code')).toEqual([]);
  });

  it('Codex: writes a hooks.json that passes the published hooks.json schema; uninstall leaves no hooks key', () => {
    const file = settingsFile('codex', 'project', { cwd: home.path, env: {} });
    expect(file).toBe(path.join(home.path, '.codex', 'hooks.json'));
    installHook(file, 'codex', 'clarity-hitl hook codex');
    expect(schemaErrors('codex-hooks.json', read(file))).toEqual([]);
    expect(read(file).hooks.PermissionRequest[0].hooks[0]).toEqual({
      type: 'command',
      command: 'clarity-hitl hook codex',
      timeout: 600,
    });
    uninstallHook(file, 'codex');
    expect(read(file)).toEqual({});
  });

  it('refuses to touch a settings file that is not JSON', () => {
    const file = path.join(home.path, 'settings.json');
    writeFileSync(file, '{ "model": "opus", ');
    expect(() => installHook(file, 'claude-code', CMD)).toThrow(/not valid JSON.*left unchanged/);
    expect(readFileSync(file, 'utf8')).toBe('{ "model": "opus", ');
  });

  it('the CLI installs into ~/.claude and $CODEX_HOME on a temp HOME, status says where, uninstall undoes it', async () => {
    const env = { HOME: home.path, CODEX_HOME: path.join(home.path, 'codex-home') };
    const claude = await runCli(['hook', 'install', 'claude-code', '--user'], { env });
    expect(claude.code).toBe(0);
    const claudeFile = path.join(home.path, '.claude', 'settings.json');
    expect(claude.stdout).toContain(
      `Installed: claude-code hook for PermissionRequest, Notification, Stop, SessionEnd in ${claudeFile}`,
    );
    const command = read(claudeFile).hooks.PermissionRequest[0].hooks[0].command as string;
    expect(command).toMatch(/bin\/clarity-hitl\.js"? hook claude-code$/);

    const codex = await runCli(['hook', 'install', 'codex'], { env });
    expect(codex.stdout).toContain(path.join(home.path, 'codex-home', 'hooks.json'));

    const again = await runCli(['hook', 'install', 'claude-code'], { env });
    expect(again.stdout).toContain('Already installed');
    expect(readdirSync(path.dirname(claudeFile)).filter((f) => f.includes('.bak-'))).toEqual([]);

    const status = await runCli(['hook', 'status'], { env });
    expect(status.stdout).toMatch(
      /claude-code +user +installed \(PermissionRequest, Notification, Stop, SessionEnd\)/,
    );
    expect(status.stdout).toMatch(/codex +user +installed \(PermissionRequest\)/);
    expect(status.stdout).toMatch(/codex +project +not installed/);

    const gone = await runCli(['hook', 'uninstall', 'claude-code', '--user'], { env });
    expect(gone.stdout).toContain('Removed the claude-code hook');
    expect(read(claudeFile)).toEqual({});
    expect(existsSync(path.join(home.path, 'codex-home', 'hooks.json'))).toBe(true);

    const bad = await runCli(['hook', 'install', 'cursor'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown agent "cursor"');
  }, 120_000);
});
