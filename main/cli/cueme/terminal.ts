/**
 * The shell this process runs in (HAP `agent_terminal`), detected as the original cueme does:
 * `zsh`, `bash`, `fish`, `nushell`, `powershell`, `cmd` or `unknown`. `CUEME_AGENT_TERMINAL`
 * overrides it.
 */
export function detectTerminal(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.CUEME_AGENT_TERMINAL) return env.CUEME_AGENT_TERMINAL;
  const shell = (env.SHELL ?? '').toLowerCase();
  const isNu = Boolean(env.NU_VERSION) || shell.includes('nushell') || /(^|\/)nu$/.test(shell);
  if (platform === 'win32') {
    const comspec = (env.ComSpec ?? '').toLowerCase();
    if (/powershell|pwsh/.test(shell + comspec) || env.PSModulePath) return 'powershell';
    if (isNu) return 'nushell';
    if (/(^|\/)bash$/.test(shell) || env.MSYSTEM) return 'bash';
    return /cmd\.exe$/.test(comspec) ? 'cmd' : 'unknown';
  }
  if (/(^|\/)zsh$/.test(shell)) return 'zsh';
  if (/(^|\/)bash$/.test(shell)) return 'bash';
  if (/(^|\/)fish$/.test(shell)) return 'fish';
  if (isNu) return 'nushell';
  if ((env.WSL_DISTRO_NAME || env.WSL_INTEROP) && !shell) return 'bash';
  return 'unknown';
}
