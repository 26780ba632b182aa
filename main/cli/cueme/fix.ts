import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FIXES =
  'Available fixes:\n  powershell_utf-8  Fix PowerShell encoding for Chinese characters\n';

const POWERSHELL_UTF8 = [
  '$utf8NoBom = New-Object System.Text.UTF8Encoding($false)',
  '[Console]::InputEncoding  = $utf8NoBom',
  '[Console]::OutputEncoding = $utf8NoBom',
  '$OutputEncoding = $utf8NoBom',
].join('\n');

export interface FixIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  platform?: NodeJS.Platform;
  home?: string;
}

/**
 * `cueme fix <issue>` as the original: `powershell_utf-8` adds UTF-8 console encoding to the
 * Windows PowerShell profile (once). Returns the exit code (2 for an unknown or missing issue,
 * 1 when it cannot apply here).
 */
export function fix(issue: string | undefined, io: FixIo): number {
  if (!issue) {
    io.stderr(`error: missing <issue>\n${FIXES}`);
    return 2;
  }
  if (issue !== 'powershell_utf-8') {
    io.stderr(`error: unknown issue: ${issue}\n${FIXES}`);
    return 2;
  }
  if ((io.platform ?? process.platform) !== 'win32') {
    io.stderr('This fix is only for Windows PowerShell\n');
    return 1;
  }
  try {
    const profile = path.join(
      io.home ?? os.homedir(),
      'Documents',
      'WindowsPowerShell',
      'Microsoft.PowerShell_profile.ps1',
    );
    if (!existsSync(path.dirname(profile))) {
      mkdirSync(path.dirname(profile), { recursive: true });
      io.stdout('Created PowerShell profile directory\n');
    }
    if (existsSync(profile) && readFileSync(profile, 'utf8').includes('utf8NoBom')) {
      io.stdout('UTF-8 encoding already configured\n');
      return 0;
    }
    if (!existsSync(profile)) io.stdout('Created PowerShell profile\n');
    appendFileSync(profile, `\n${POWERSHELL_UTF8}\n`);
    io.stdout('Added UTF-8 encoding to PowerShell profile\n');
    io.stdout('Please restart PowerShell for changes to take effect\n');
    return 0;
  } catch (error) {
    io.stderr(`Failed to fix PowerShell encoding: ${(error as Error).message}\n`);
    return 1;
  }
}
