/**
 * Child process for benchmarks and reliability tests: runs the headless broker service
 * (startBrokerService) with the JSON options in argv[2] and prints `READY {url, port, pid}`.
 * With argv[2] = "bare" it runs the bare node:http echo server instead (the RSS / latency floor),
 * with "fastify" the same exchanges on a bare Fastify (the framework's own share), with
 * "fastify-rules" the same plus a zod check and a journal line per request (the rules' minimum).
 * Stops cleanly on SIGTERM. A `MEMORY` line on stdin answers `MEMORY {heapUsed, rss, ...}` on
 * stdout, measured after a full garbage collection when the child runs with --expose-gc.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startEchoServer } from '../lib/baselines';
import { startFastifyEchoServer } from '../lib/fastify-echo';
import { loadBrokerService, type BrokerServiceOptions } from '../../test/support/load/project';

/** Answers `MEMORY` requests on stdin; retained heap after a full GC is what a leak check needs. */
function answerMemoryProbes(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'MEMORY') return;
    gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    const memory = { heapUsed, rss, afterGc: Boolean(gc) };
    console.log(`MEMORY ${JSON.stringify(memory)}`);
  });
}

async function main(): Promise<void> {
  answerMemoryProbes();
  const arg = process.argv[2] ?? '{}';
  if (arg === 'bare' || arg === 'fastify' || arg === 'fastify-rules') {
    const journalDir = arg === 'fastify-rules' ? mkdtempSync(join(tmpdir(), 'hitl-rules-')) : '';
    const echo =
      arg === 'bare'
        ? await startEchoServer()
        : await startFastifyEchoServer(
            journalDir ? { journalFile: join(journalDir, 'journal.jsonl') } : {},
          );
    process.on('SIGTERM', () => {
      echo.close().finally(() => {
        if (journalDir) rmSync(journalDir, { recursive: true, force: true });
        process.exit(0);
      });
    });
    console.log(
      `READY ${JSON.stringify({ url: echo.url, port: Number(new URL(echo.url).port), pid: process.pid })}`,
    );
    return;
  }
  const options = JSON.parse(arg) as BrokerServiceOptions;
  const start = await loadBrokerService();
  const service = await start({ host: '127.0.0.1', port: 0, ...options });
  process.on('SIGTERM', () => {
    service.close().finally(() => process.exit(0));
  });
  console.log(
    `READY ${JSON.stringify({ url: service.url.replace(/\/+$/, ''), port: service.port, pid: process.pid })}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
