import { spawn } from 'node:child_process';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a CLI entry (TypeScript source via tsx) with optional stdin; resolves when it exits. */
export function runCli(
  entry: string,
  args: string[],
  options: { stdin?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {},
) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, CLARITY_HITL_STATE_DIR: '/nonexistent-state-dir', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(options.stdin ?? '');
  const done = new Promise<CliResult>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}
