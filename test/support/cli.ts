import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Waits until stdout matches `pattern` (from `from` characters on); returns the match end offset. */
  waitForStdout: (pattern: RegExp, from?: number) => Promise<number>;
  exit: Promise<number | null>;
  send: (text: string) => void;
}

/** Starts `clarity-hitl <args>` from the TypeScript source (no build needed), stdio piped. */
export function startCli(args: string[], env: NodeJS.ProcessEnv = {}): CliRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli/clarity-hitl.ts', ...args], {
    cwd: repoRoot,
    // No real broker is reachable unless a test names one (port 9 refuses connections).
    env: {
      ...process.env,
      NO_COLOR: '',
      FORCE_COLOR: '0',
      CLARITY_HITL_BROKER_URL: 'http://127.0.0.1:9/',
      ...env,
    },
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exit,
    send: (text) => child.stdin.write(text),
    waitForStdout: async (pattern, from = 0) => {
      const match = await waitFor(
        () => pattern.exec(out.slice(from)),
        `stdout to match ${pattern}; got:\n${out}\nstderr:\n${err}`,
        20_000,
      );
      return from + match.index + match[0].length;
    },
  };
}

/** Runs `clarity-hitl <args>` to completion with optional stdin text. */
export async function runCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string } = {},
) {
  const run = startCli(args, options.env);
  run.child.stdin.end(options.input ?? '');
  const code = await run.exit;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}
