import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from './helpers/serve-process';
import { TempDirs } from './helpers/temp-dirs';

const run = promisify(execFile);
const SWAP_SECONDS = Number(process.env.SWAP_SECONDS ?? 4);
/** A request answered later than this means the event loop was blocked (a FIFO read blocks forever). */
const MAX_LATENCY_MS = 2000;

/** Child process: cycles staging/{fifo,file,link} through the target path until time is up. */
const SWAPPER = `
const { renameSync } = require('node:fs');
const { join } = require('node:path');
const [staging, target, seconds] = process.argv.slice(1);
const names = ['file', 'fifo', 'link'];
const end = Date.now() + Number(seconds) * 1000;
let current;
let swaps = 0;
const pause = new Int32Array(new SharedArrayBuffer(4));
while (Date.now() < end) {
  const next = names[swaps % 3];
  if (current) renameSync(target, join(staging, current));
  renameSync(join(staging, next), target);
  current = next;
  swaps++;
  // A short pause: fast enough to hit the gap between a check and a read, slow enough to leave
  // this shared machine's cores to the broker being measured.
  Atomics.wait(pause, 0, 0, 1);
}
process.stdout.write(String(swaps));
`;

const temp = new TempDirs();
let serve: ServeProcess | undefined;
afterAll(async () => {
  await serve?.kill9();
  await temp.cleanup();
});

interface Listed {
  key: string;
}

describe.runIf(process.platform !== 'win32')(
  'a hostile neighbour swapping files in the handshake dir',
  () => {
    it('swapping x.question between a file, a FIFO and a symlink to outside JSON never freezes the broker nor reads the outside file', async () => {
      const dir = await temp.make('swap-hs');
      const stateDir = await temp.make('swap-state');
      const outside = await temp.make('swap-outside');
      const staging = join(outside, 'staging');
      await mkdir(staging);
      serve = await startServe({ dir, stateDir });
      const target = join(dir, 'x.question');

      // A FIFO, a regular question file and a symlink to a question file outside the dir, swapped
      // into x.question as fast as a process can rename (tens of thousands of times a second).
      await run('mkfifo', [join(staging, 'fifo')]);
      await writeFile(join(staging, 'file'), JSON.stringify({ key: 'inside', question: 'real' }));
      const stolen = join(outside, 'outside.json');
      await writeFile(stolen, JSON.stringify({ key: 'outside', question: 'stolen' }));
      await symlink(stolen, join(staging, 'link'));
      const swapper = spawn(
        process.execPath,
        ['-e', SWAPPER, staging, target, String(SWAP_SECONDS)],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let swapOutput = '';
      swapper.stdout!.on('data', (c: Buffer) => (swapOutput += c.toString()));
      const swapperDone = once(swapper, 'exit');

      const latencies: number[] = [];
      const seen = new Set<string>();
      const deadline = Date.now() + SWAP_SECONDS * 1000;
      while (Date.now() < deadline) {
        const started = performance.now();
        const res = await fetch(`${serve.url}/questions`, { signal: AbortSignal.timeout(10_000) });
        const body = (await res.json()) as Listed[];
        latencies.push(performance.now() - started);
        expect(res.status).toBe(200);
        for (const q of body) seen.add(q.key);
        await new Promise((r) => setTimeout(r, 10));
      }
      await swapperDone;
      const swaps = Number(swapOutput.trim());
      await rm(target, { force: true });

      const history = (await (
        await fetch(`${serve.url}/api/history`, { headers: serve.operator })
      ).json()) as {
        requests: Listed[];
      };
      for (const r of history.requests) seen.add(r.key);
      const max = Math.max(...latencies);
      console.log(
        `file swap: ${swaps} swaps, ${latencies.length} requests, max latency ${max.toFixed(0)} ms`,
      );
      expect(swaps).toBeGreaterThan(1000);
      expect(max).toBeLessThan(MAX_LATENCY_MS);
      expect([...seen].filter((k) => k.startsWith('outside'))).toEqual([]);
      // Still fully working afterwards.
      await writeFile(join(dir, 'after.question'), JSON.stringify({ key: 'after', question: 'q' }));
      const until = Date.now() + 10_000;
      let keys: string[] = [];
      while (Date.now() < until && !keys.includes('after')) {
        keys = ((await (await fetch(`${serve.url}/questions`)).json()) as Listed[]).map(
          (q) => q.key,
        );
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(keys).toContain('after');
    });
  },
);
