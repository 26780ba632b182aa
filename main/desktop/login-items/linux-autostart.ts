import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { LoginItemApi } from '../electron-api';

export interface LinuxAutostartOptions {
  /** `$XDG_CONFIG_HOME`, default `~/.config`. */
  configHome?: string;
  /** The command that starts the app: the AppImage path, or the installed binary. */
  exec: string;
  /** Arguments after the command (e.g. the app path when run unpackaged). */
  args?: string[];
  /** The `.desktop` file's name (default `hitl-broker.desktop`). */
  fileName?: string;
}

/**
 * Start at login on Linux, where Electron's setLoginItemSettings does nothing: an XDG autostart
 * entry (`~/.config/autostart/hitl-broker.desktop`) that desktop sessions run at login.
 */
export class LinuxAutostart implements LoginItemApi {
  readonly file: string;

  constructor(private readonly options: LinuxAutostartOptions) {
    const configHome =
      options.configHome || process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
    this.file = join(configHome, 'autostart', options.fileName ?? 'hitl-broker.desktop');
  }

  getOpenAtLogin(): boolean {
    return existsSync(this.file);
  }

  setOpenAtLogin(open: boolean): void {
    if (!open) {
      rmSync(this.file, { force: true });
      return;
    }
    mkdirSync(join(this.file, '..'), { recursive: true });
    const command = [this.options.exec, ...(this.options.args ?? [])].map(quoteExecArg).join(' ');
    const entry = [
      '[Desktop Entry]',
      'Type=Application',
      'Name=HITL Broker',
      'Comment=Inbox for AI agents waiting on a human',
      `Exec=${command}`,
      'Terminal=false',
      'X-GNOME-Autostart-enabled=true',
      '',
    ].join('\n');
    writeFileSync(this.file, entry, { mode: 0o644 });
  }
}

/** Quotes one Exec= argument per the Desktop Entry spec (double quotes; escape ", `, $ and \). */
export function quoteExecArg(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `"${arg.replace(/([\\"`$])/g, '\\$1')}"`;
}
