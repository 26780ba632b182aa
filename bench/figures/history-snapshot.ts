import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Benchmark } from '../lib/figure';
import { Broker } from '../../main/broker/broker';
import { openRequestsFile, writeRequestsFile } from '../../main/broker/persistence/requests-file';
import { DEFAULT_HISTORY_LIMIT } from '../../main/broker/persistence/request-store';
import { median } from '../../test/support/load/stats';
import { withTempDir } from '../../test/support/load/temp';

const ROUNDS = 15;

export const historySnapshot: Benchmark = {
  title: 'history snapshot',
  specs: [
    {
      id: 'history.snapshot.write',
      name: `history.json rewritten with a full history (${DEFAULT_HISTORY_LIMIT} answered requests): event loop blocked, median of ${ROUNDS}`,
      unit: 'ms',
      target: { op: '<=', value: 1.5, on: 'ratio' },
      baselineLabel: 'JSON.stringify, then write, fsync and rename of the same',
    },
  ],
  async run() {
    const requests = answeredHistory(DEFAULT_HISTORY_LIMIT);
    return withTempDir('history-snapshot', async (dir) => {
      const { path: historyFile } = openRequestsFile(dir, 'history');
      const plainFile = join(dir, 'plain.json');
      const store: number[] = [];
      const plain: number[] = [];
      // Interleaved, after one write of each to settle the files and the JIT.
      for (let i = 0; i <= ROUNDS; i++) {
        let start = performance.now();
        writeRequestsFile(historyFile, requests);
        const storeMs = performance.now() - start;
        start = performance.now();
        writePlain(plainFile, { requests });
        const plainMs = performance.now() - start;
        if (i === 0) continue;
        store.push(storeMs);
        plain.push(plainMs);
      }
      return {
        'history.snapshot.write': {
          value: median(store),
          baseline: median(plain),
          note: `${(JSON.stringify({ requests }).length / 1e6).toFixed(1)} MB; the broker rewrites it at most once a second while requests are being resolved (every change is in the journal first)`,
        },
      };
    });
  },
};

/** `count` answered requests as the broker keeps them in its history. */
function answeredHistory(count: number): unknown[] {
  const broker = new Broker();
  for (let i = 0; i < count; i++) {
    const request = broker.add({
      source: 'clarity-http',
      key: `history-${i}`,
      prompt: `Step ${i}: does this summary of the change look right before it is merged?`,
      agent: { id: `pid:${1000 + (i % 7)}`, name: `pid ${1000 + (i % 7)}`, runtime: 'clarity' },
    });
    broker.answer(request.id, { text: i % 3 === 0 ? 'no, redo step 2' : 'yes' });
  }
  return broker.resolved();
}

/** The least an atomic snapshot write does: serialise, write a temp file, fsync, rename. */
function writePlain(file: string, value: unknown): void {
  const temp = `${file}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify(value));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
}
