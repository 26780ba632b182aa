import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../../test/support/load/project';

/** The built `clarity-hitl` entry (npm run build), i.e. what ships. */
export const BUILT_CLI = join(ROOT, 'out', 'main', 'cli.js');

export function hasBuiltCli(): boolean {
  return existsSync(BUILT_CLI);
}

export interface PlainProcess {
  child: ChildProcess;
  /** The URL it printed ("listening on <url>"), without trailing slash. */
  url: string;
  stop(): Promise<void>;
}

/** Spawns plain `node <args>` and resolves once it prints `listening on <url>`. */
export async function spawnListening(args: string[]): Promise<PlainProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (l) => stderr.length < 20 && stderr.push(l));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const match = /listening on (http:\/\/\S+)/.exec(line);
        if (match) resolve(match[1]!.replace(/\/+$/, ''));
      });
      child.once('exit', (code) =>
        reject(
          new Error(
            `node ${args.join(' ')} exited (${code}) before listening: ${stderr.join(' | ')}`,
          ),
        ),
      );
    });
    return { child, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `node out/main/cli.js serve --port 0 --dir <dir> --state-dir <state>`. */
export function spawnBuiltServe(dir: string, stateDir: string): Promise<PlainProcess> {
  return spawnListening([BUILT_CLI, 'serve', '--port', '0', '--dir', dir, '--state-dir', stateDir]);
}
