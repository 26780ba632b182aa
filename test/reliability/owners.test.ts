import { spawn } from 'node:child_process';

import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/load/project';
import { startServe, type ServeProcess } from './helpers/serve-process';
import { TempDirs } from './helpers/temp-dirs';

const temp = new TempDirs();
const running: ServeProcess[] = [];
afterAll(async () => {
  for (const serve of running) await serve.kill9();
  await temp.cleanup();
});

interface Outcome {
  code: number | null;
  url?: string;
  stderr: string;
  pid: number;
  kill9: () => void;
}

/** Starts `serve` and resolves when it either listens (still running) or exits. */
function race(dir: string, stateDir: string): Promise<Outcome> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'main/cli/clarity-hitl.ts',
      'serve',
      dir,
      '--port',
      '0',
      '--state-dir',
      stateDir,
    ],
    { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => {
    const done = (code: number | null, url?: string) =>
      resolve({ code, url, stderr, pid: child.pid!, kill9: () => child.kill('SIGKILL') });
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match) done(null, match[1]);
    });
    child.once('exit', (code) => done(code));
  });
}

describe('one owner per state dir and handshake dir', () => {
  it('of two brokers racing to start on the same dirs exactly one wins; after kill -9 of the owner the next start succeeds', async () => {
    for (const shared of ['both', 'state', 'handshake'] as const) {
      const dirA = await temp.make(`own-hs-${shared}`);
      const stateA = await temp.make(`own-state-${shared}`);
      const dirB = shared === 'state' ? await temp.make('own-hs-b') : dirA;
      const stateB = shared === 'handshake' ? await temp.make('own-state-b') : stateA;
      const outcomes = await Promise.all([race(dirA, stateA), race(dirB, stateB)]);
      const winners = outcomes.filter((o) => o.code === null);
      const losers = outcomes.filter((o) => o.code !== null);
      expect(winners, `${shared}: ${outcomes.map((o) => o.stderr).join('\n')}`).toHaveLength(1);
      expect(losers[0]!.code, shared).toBe(3);
      expect(losers[0]!.stderr, shared).toContain(
        `already in use by another HITL broker (pid ${winners[0]!.pid}`,
      );

      winners[0]!.kill9();
      await new Promise((r) => setTimeout(r, 300));
      const next = await startServe({ dir: dirA, stateDir: stateA });
      running.push(next);
      expect((await fetch(`${next.url}/questions`)).status).toBe(200);
      await next.stop();
    }
  });
});
