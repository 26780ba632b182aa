import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ROOT } from './project';

export interface TsChild<T> {
  child: ChildProcess;
  /** The JSON the child printed after `READY ` (its url, port, figures...). */
  ready: Promise<T>;
  /** Lines of stderr so far (for error messages). */
  stderr: string[];
  /** Resident set size of the child right now, from /proc (bytes). */
  rss(): number;
  /**
   * Sends `<word>` on the child's stdin and resolves with the JSON of its next `<word> <json>`
   * stdout line (children that answer probes, e.g. service-child's `MEMORY`).
   */
  probe<R>(word: string, timeoutMs?: number): Promise<R>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the child is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Resident set size of a process from /proc/<pid>/status (bytes); NaN when unreadable. `peak` reads VmHWM. */
export function rssOf(pid: number, peak = false): number {
  try {
    const field = peak ? 'VmHWM' : 'VmRSS';
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Spawns a TypeScript script under tsx (cwd = repo root). The script prints one line
 * `READY <json>` when it is up; `ready` resolves with that JSON, or rejects if the child exits first.
 */
export function spawnTs<T>(
  script: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
  nodeArgs: string[] = [],
): TsChild<T> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderr.push(line);
    if (stderr.length > 200) stderr.shift();
  });
  const stdout = createInterface({ input: child.stdout! });
  const ready = new Promise<T>((resolve, reject) => {
    stdout.on('line', (line) => {
      if (line.startsWith('READY ')) resolve(JSON.parse(line.slice(6)) as T);
    });
    child.once('exit', (code, signal) =>
      reject(
        new Error(
          `${script} exited (${code ?? signal}) before READY: ${stderr.slice(-8).join(' | ')}`,
        ),
      ),
    );
    child.once('error', reject);
  });
  ready.catch(() => {});
  const stop = (graceMs = 5_000) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const probe = <R>(word: string, timeoutMs = 30_000) =>
    new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => {
        stdout.off('line', onLine);
        reject(new Error(`${script} did not answer ${word} within ${timeoutMs} ms`));
      }, timeoutMs);
      const onLine = (line: string) => {
        if (!line.startsWith(`${word} `)) return;
        clearTimeout(timer);
        stdout.off('line', onLine);
        resolve(JSON.parse(line.slice(word.length + 1)) as R);
      };
      stdout.on('line', onLine);
      child.stdin!.write(`${word}\n`);
    });
  return { child, ready, stderr, rss: () => rssOf(child.pid ?? -1), probe, stop };
}
