import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATOR_SECRET_FILE, readOperatorSecret } from '../../../main/service/operator-secret';
import { ROOT } from '../../support/load/project';

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  output: string[];
  /** The operator's headers: the state dir's operator secret, as the CLI sends it. */
  operator: Record<string, string>;
  /** kill -9: no shutdown code runs. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
}

export interface ServeOptions {
  dir: string;
  stateDir: string;
  token?: string;
  port?: number;
  /** More `serve` flags (e.g. `--store postgres://…`). */
  args?: string[];
  /** Run the built CLI (`node bin/clarity-hitl.js`, out/ from `npm run build`), not the source. */
  built?: boolean;
  /** Run as this uid/gid (root only): the broker then meets permissions as an ordinary user. */
  as?: { uid: number; gid: number };
}

/**
 * Runs `clarity-hitl serve` from the TypeScript source in its own process (port 0 unless given)
 * and resolves once it prints the URL it listens on.
 */
export async function startServe(options: ServeOptions): Promise<ServeProcess> {
  const entry = options.built
    ? ['bin/clarity-hitl.js']
    : ['--import', 'tsx', 'main/cli/clarity-hitl.ts'];
  const args = [
    ...entry,
    'serve',
    '--port',
    String(options.port ?? 0),
    '--dir',
    options.dir,
    '--state-dir',
    options.stateDir,
  ];
  if (options.token) args.push('--token', options.token);
  args.push(...(options.args ?? []));
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...(options.as ? { HOME: options.stateDir } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.as ?? {}),
  });
  const output: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => output.push(`stderr: ${line}`));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match) resolve(match[1]!.replace(/\/+$/, ''));
    });
    child.once('exit', (code) =>
      reject(new Error(`serve exited (${code}) before listening:\n${output.join('\n')}`)),
    );
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  // Another account's secret file is not trusted by readOperatorSecret (not ours): read as is.
  const secret = options.as
    ? readFileSync(join(options.stateDir, OPERATOR_SECRET_FILE), 'utf8').trim()
    : readOperatorSecret(options.stateDir);
  if (!secret) throw new Error(`serve left no operator secret in ${options.stateDir}`);
  return {
    url,
    child,
    output,
    operator: { authorization: `Bearer ${secret}` },
    async kill9() {
      if (exited()) return;
      const gone = once(child, 'exit');
      child.kill('SIGKILL');
      await gone;
    },
    async stop() {
      if (exited()) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
