import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnBuiltServe, spawnListening, type PlainProcess } from './built-cli';
import { rssOf } from '../../test/support/load/child';
import { SseClient } from '../../test/support/load/sse-client';

/** The floor: plain node reads and parses every question file, says "listening on", and idles. */
export function bareReadScript(count: number): string {
  return `const fs=require('fs'),p=require('path');const d=process.argv[1];let n=0;
for(const f of fs.readdirSync(d)) if(f.endsWith('.question')){JSON.parse(fs.readFileSync(p.join(d,f),'utf8'));n++}
if(n<${count})throw new Error('read '+n);console.log('listening on http://done');setInterval(()=>{},1000)`;
}

export interface StartupResult {
  ms: number;
  peakRss: number;
  /** ms from spawn until it printed its URL. */
  listening?: number;
}

/** A built `serve` that has every question pending; `stop` ends it and removes its state dir. */
export interface StartedServe extends StartupResult {
  proc: PlainProcess;
  stop(): Promise<void>;
}

/**
 * Resolves once an SSE client of `url` has seen `count` pending: the snapshot's `total` (it asks
 * for one entry, so what is timed is the broker having them all, not sending 10,000 or 100,000
 * entries to this client and this process parsing them; `GET /questions` has its own figures),
 * plus any `new_question` after it.
 */
function allPending(url: string, count: number, timeoutMs = 120_000): Promise<void> {
  let pending = 0;
  let sse: SseClient | undefined;
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      sse?.close();
      reject(new Error(`not all ${count} pending after ${timeoutMs / 1000} s (${pending})`));
    }, timeoutMs);
    sse = new SseClient(`${url}/events?snapshot_limit=1`, (event) => {
      if (event.event === 'snapshot')
        pending += (JSON.parse(event.data) as { total: number }).total;
      else if (event.event === 'new_question') pending++;
      if (pending >= count) {
        clearTimeout(timer);
        sse?.close();
        resolve();
      }
    });
    void sse.connect();
  });
}

/** Spawns the built `serve` over `dir` and waits until all `count` questions are pending. */
export async function startBuiltServe(dir: string, count: number): Promise<StartedServe> {
  const stateDir = await mkdtemp(join(tmpdir(), 'hitl-state-'));
  const start = performance.now();
  let proc: PlainProcess | undefined;
  const stop = async () => {
    await proc?.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
  try {
    proc = await spawnBuiltServe(dir, stateDir);
    const listening = performance.now() - start;
    await allPending(proc.url, count);
    const ms = performance.now() - start;
    return { ms, listening, peakRss: rssOf(proc.child.pid!, true), proc, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Spawn → all pending (SSE) of the built `serve`, and its peak RSS; the process is stopped. */
export async function builtServeStartup(dir: string, count: number): Promise<StartupResult> {
  const serve = await startBuiltServe(dir, count);
  await serve.stop();
  return { ms: serve.ms, peakRss: serve.peakRss, listening: serve.listening };
}

/** The floor: spawn plain node that reads and parses every question file; its time and peak RSS. */
export async function bareReadStartup(dir: string, count: number): Promise<StartupResult> {
  const start = performance.now();
  const proc = await spawnListening(['-e', bareReadScript(count), dir]);
  const ms = performance.now() - start;
  const peakRss = rssOf(proc.child.pid!, true);
  await proc.stop();
  return { ms, peakRss };
}
