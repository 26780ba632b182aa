import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LinuxAutostart, quoteExecArg } from '../../../../main/desktop/login-items/linux-autostart';

describe('LinuxAutostart', () => {
  let configHome: string;
  beforeEach(async () => {
    configHome = await mkdtemp(join(tmpdir(), 'autostart-'));
  });
  afterEach(async () => {
    await rm(configHome, { recursive: true, force: true });
  });

  it('writes an XDG autostart entry when enabled and removes it when disabled', async () => {
    const autostart = new LinuxAutostart({
      configHome,
      exec: '/opt/HITL Broker/hitl-broker',
      args: ['--hidden'],
    });
    expect(autostart.getOpenAtLogin()).toBe(false);

    autostart.setOpenAtLogin(true);
    expect(autostart.file).toBe(join(configHome, 'autostart', 'hitl-broker.desktop'));
    expect(autostart.getOpenAtLogin()).toBe(true);
    const entry = await readFile(autostart.file, 'utf8');
    expect(entry).toContain('[Desktop Entry]\nType=Application\nName=HITL Broker');
    expect(entry).toContain('Exec="/opt/HITL Broker/hitl-broker" --hidden\n');

    autostart.setOpenAtLogin(false);
    expect(autostart.getOpenAtLogin()).toBe(false);
    autostart.setOpenAtLogin(false); // idempotent
  });

  it('quotes Exec arguments per the Desktop Entry spec', () => {
    expect(quoteExecArg('/usr/bin/app')).toBe('/usr/bin/app');
    expect(quoteExecArg('a b')).toBe('"a b"');
    expect(quoteExecArg('say "$HOME" `x` \\')).toBe('"say \\"\\$HOME\\" \\`x\\` \\\\"');
  });
});
