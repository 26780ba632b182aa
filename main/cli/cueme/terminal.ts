/** A short name for the terminal or IDE this process runs in (HAP `agent_terminal`). */
export function detectTerminal(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CUEME_AGENT_TERMINAL) return env.CUEME_AGENT_TERMINAL;
  if (env.TERM_PROGRAM) return env.TERM_PROGRAM.toLowerCase();
  if (env.WT_SESSION) return 'windows_terminal';
  if (env.TERMINAL_EMULATOR) return env.TERMINAL_EMULATOR.toLowerCase();
  if (env.TMUX) return 'tmux';
  return env.TERM || 'unknown';
}
