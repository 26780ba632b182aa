import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** A running mailbox worker, whichever way it runs. */
export interface WorkerHost {
  /** `thread` in a Node that has node:sqlite; `child` under the bundled Node otherwise. */
  readonly mode: 'thread' | 'child';
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once if the worker stops by itself (a crash); not after `stop()`. */
  onExit(listener: (detail: string) => void): void;
  stop(): Promise<void>;
}

/** Why the mailbox cannot be served here (one line for the log). */
export class WorkerUnavailableError extends Error {}

/** The first Node release with node:sqlite usable without a flag. */
const MIN_SQLITE_NODE = [22, 13];

/** True when this process's Node has node:sqlite without a flag (Node ≥ 22.13, Electron 40). */
export function hasBuiltinSqlite(version = process.versions.node): boolean {
  return atLeast(version, MIN_SQLITE_NODE);
}

function atLeast(version: string, [needMajor, needMinor]: readonly number[]): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > needMajor! || (major === needMajor && minor >= needMinor!);
}

/**
 * The Node binary of the `node-<platform>-<arch>` package (an optional dependency of this project)
 * when it is installed and new enough for node:sqlite.
 */
export function bundledNode(from = fileURLToPath(import.meta.url)): string | undefined {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const name = `node-${platform}-${process.arch}`;
  try {
    const manifest = createRequire(from).resolve(`${name}/package.json`);
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string };
    if (!atLeast(String(version), MIN_SQLITE_NODE)) return undefined;
    const binary = path.join(
      path.dirname(manifest),
      'bin',
      process.platform === 'win32' ? 'node.exe' : 'node',
    );
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `out/main/cueme-mailbox-worker.js` of this package (found by walking up to package.json); in the
 * packaged app its unpacked copy beside the asar archive.
 */
export function workerScript(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) {
      const script = path.join(dir, 'out', 'main', 'cueme-mailbox-worker.js');
      return script.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
    }
    if (path.dirname(dir) === dir) return path.join(from, 'cueme-mailbox-worker.js');
  }
}

/**
 * Starts the mailbox worker for `dbPath`: a worker thread when this Node has node:sqlite (the
 * desktop app's Electron), else a child process under the bundled Node (`serve` on Node 20).
 * Throws {@link WorkerUnavailableError} when neither is possible.
 */
export function startWorker(
  dbPath: string,
  options: { script?: string; mode?: 'thread' | 'child'; nodeBinary?: string } = {},
): WorkerHost {
  const script = options.script ?? workerScript();
  if (!existsSync(script)) {
    throw new WorkerUnavailableError(`${script} is missing (run \`npm run build\`)`);
  }
  const mode = options.mode ?? (hasBuiltinSqlite() ? 'thread' : 'child');
  if (mode === 'thread') return threadHost(script, dbPath);
  const node = options.nodeBinary ?? bundledNode();
  if (!node) {
    throw new WorkerUnavailableError(
      `Node ${process.versions.node} has no node:sqlite and no Node ≥ 22.13 is installed ` +
        `(the optional npm package node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch})`,
    );
  }
  return childHost(script, dbPath, node);
}

function threadHost(script: string, dbPath: string): WorkerHost {
  const worker = new Worker(script, { workerData: { dbPath } });
  let stopping = false;
  return {
    mode: 'thread',
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => void worker.on('message', listener),
    onExit: (listener) => {
      worker.on('error', (error) => !stopping && listener(error.message));
      worker.on('exit', (code) => !stopping && listener(`worker stopped (exit ${code})`));
    },
    stop: async () => {
      stopping = true;
      await worker.terminate();
    },
  };
}

function childHost(script: string, dbPath: string, node: string): WorkerHost {
  const child = fork(script, [dbPath], {
    execPath: node,
    // The SQLite module is still flagged experimental in Node 22: keep its warning off stderr.
    execArgv: ['--no-warnings'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    mode: 'child',
    post: (message) => {
      if (child.connected) child.send(message as object);
    },
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => {
      child.on('error', (error) => !stopping && listener(error.message));
      child.on('exit', (code) => {
        const last = stderr.trim().split('\n').pop();
        if (!stopping) listener(`worker stopped (exit ${code})${last ? `: ${last}` : ''}`);
      });
    },
    stop: async () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        if (child.connected) child.disconnect();
        child.kill();
        await exited;
      }
    },
  };
}
