import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundledNode, hasBuiltinSqlite } from '../../../main/adapters/cueme-mailbox/worker-host';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));
/** The original cueme 0.1.16's entry (test/fixtures/cueme-0.1.16, its published source). */
export const ORIGINAL_CUEME = `${root}test/fixtures/cueme-0.1.16/bin/cue-command.js`;

/** A Node that has node:sqlite: this one, or the bundled one. */
export function sqliteNode(): string {
  const node = hasBuiltinSqlite() ? process.execPath : bundledNode();
  if (!node)
    throw new Error('no Node with node:sqlite: run `npm install` (node-<platform>-<arch>)');
  return node;
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a Node script with node:sqlite (and the better-sqlite3 stand-in) to completion. */
export function runWithSqlite(
  script: string,
  args: string[],
  options: { home: string; cwd?: string; stdin?: string; env?: NodeJS.ProcessEnv },
): Promise<Finished> {
  const child = spawn(
    sqliteNode(),
    ['--no-warnings', '--require', `${here}register.cjs`, script, ...args],
    {
      cwd: options.cwd ?? root,
      env: { ...process.env, HOME: options.home, USERPROFILE: options.home, ...options.env },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** `cueme <args>` of the original 0.1.16, with `~` at `home`. */
export function originalCueme(
  args: string[],
  options: { home: string; cwd?: string; stdin?: string; env?: NodeJS.ProcessEnv },
): Promise<Finished> {
  return runWithSqlite(ORIGINAL_CUEME, args, options);
}

/** Answers (or cancels) a cue as the original cue console does, from another process. */
export function consoleRespond(
  home: string,
  dbPath: string,
  requestId: string,
  text: string,
  cancelled = false,
): Promise<Finished> {
  return runWithSqlite(
    `${here}console-respond.cjs`,
    [dbPath, requestId, text, ...(cancelled ? ['1'] : [])],
    { home },
  );
}
