import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { waitFor } from './wait-for';

const run = promisify(execFile);

/** The tmux on PATH (or /usr/bin/tmux), or undefined when there is none. */
export async function findTmux(): Promise<string | undefined> {
  for (const candidate of ['tmux', '/usr/bin/tmux']) {
    try {
      await run(candidate, ['-V']);
      return candidate;
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

/**
 * Why tmux cannot hold a detached session here, or undefined when it can: starts a private
 * server with a `sleep` session and asks for it back (as some accounts, the server exits at once).
 */
export async function tmuxCannotServe(tmuxBin: string): Promise<string | undefined> {
  const socket = `hitl-probe-${process.pid}-${Date.now().toString(36)}`;
  const tmux = (...args: string[]) => run(tmuxBin, ['-L', socket, ...args]);
  try {
    await tmux('new-session', '-d', '-s', 'probe', 'sleep 30');
    await tmux('has-session', '-t', 'probe');
    return undefined;
  } catch (error) {
    const first = ((error as { stderr?: string }).stderr || (error as Error).message).trim();
    return `tmux cannot keep a detached session here (${first.split('\n')[0]})`;
  } finally {
    await tmux('kill-server').catch(() => undefined);
  }
}

/** A terminal program running in a detached tmux session on a tmux server of its own. */
export interface TmuxPane {
  /** What the pane shows now (its visible lines). */
  text(): Promise<string>;
  /** Resolves with the pane's text once `pattern` shows in it; throws with the text on timeout. */
  waitForText(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Types `text` literally, waits until the pane shows it, then presses Enter. */
  type(text: string): Promise<void>;
  /** Ends the session and its tmux server (the program with it). */
  kill(): Promise<void>;
}

/**
 * Starts `command` (argv, run without a shell) in a 200×50 session of `tmuxBin` in `cwd`, with exactly
 * `env` as its environment. The tmux server is private to this pane (`-L <socket>`), so the test
 * never touches anyone else's tmux sessions, and `kill()` ends it all (its socket file too).
 */
export async function startTmuxPane(
  tmuxBin: string,
  command: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<TmuxPane> {
  const socket = `hitl-e2e-${process.pid}-${Date.now().toString(36)}`;
  const tmux = (...args: string[]) => run(tmuxBin, ['-L', socket, ...args]);
  const argv = ['env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...command];
  await tmux(
    'new-session',
    '-d',
    '-s',
    'agent',
    '-x',
    '200',
    '-y',
    '50',
    '-c',
    cwd,
    argv.map(shellQuote).join(' '),
  );
  // Keep the pane (and its last screen) when the program exits, for the failure message.
  await tmux('set-option', '-t', 'agent', 'remain-on-exit', 'on');
  const socketPath = (await tmux('display-message', '-p', '#{socket_path}')).stdout.trim();
  const text = async () => (await tmux('capture-pane', '-p', '-t', 'agent')).stdout;
  const pane: TmuxPane = {
    text,
    async waitForText(pattern, timeoutMs = 30_000) {
      let last = '';
      try {
        return await waitFor(
          async () => {
            last = await text();
            return pattern.test(last) ? last : undefined;
          },
          `${pattern} in the tmux pane`,
          timeoutMs,
        );
      } catch (error) {
        throw new Error(`${(error as Error).message}; the pane shows:\n${last.trimEnd()}`);
      }
    },
    async type(line) {
      await tmux('send-keys', '-t', 'agent', '-l', line);
      await pane.waitForText(new RegExp(line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await tmux('send-keys', '-t', 'agent', 'Enter');
    },
    async kill() {
      await tmux('kill-server').catch(() => undefined);
      // tmux leaves its socket file behind when its server is killed.
      if (socketPath.includes(socket)) await rm(socketPath, { force: true });
    },
  };
  return pane;
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
