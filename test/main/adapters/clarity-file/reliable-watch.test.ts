import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  looksLikeHandshakeFile,
  startReliableWatch,
  type ReliableWatch,
} from '../../../../main/adapters/clarity-file/reliable-watch';
import { waitFor } from '../../../support/wait-for';

/** chokidar sets its watch up asynchronously: writes a probe until the first event arrives. */
async function probe(dir: string, changes: Array<[string, boolean]>): Promise<void> {
  for (let i = 0; !changes.some(([n]) => n === 'probe.question'); i += 1) {
    await writeFile(join(dir, 'probe.question'), `{"n":${i}}`);
    await new Promise((r) => setTimeout(r, 100));
    if (i > 100) throw new Error('chokidar never reported the probe file');
  }
}

describe('startReliableWatch', () => {
  let dir: string | undefined;
  let watch: ReliableWatch | undefined;
  afterEach(async () => {
    await watch?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs chokidar in a worker thread and reports handshake files written and deleted', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hitl-reliable-'));
    const changes: Array<[string, boolean]> = [];
    const errors: unknown[] = [];
    let ready = 0;
    watch = startReliableWatch(
      dir,
      (n, w) => changes.push([n, w]),
      (e) => errors.push(e),
      { onReady: () => (ready += 1) },
    );
    await waitFor(() => ready === 1, 'the thread ready');
    await probe(dir, changes);
    await writeFile(join(dir, 'notes.txt'), 'ignored');
    await writeFile(join(dir, '.hidden.question'), 'ignored');
    await writeFile(join(dir, 'step_1.answer'), 'yes');
    await waitFor(() => changes.some(([n, w]) => n === 'step_1.answer' && w), 'step_1 written');
    await unlink(join(dir, 'step_1.answer'));
    await waitFor(() => changes.some(([n, w]) => n === 'step_1.answer' && !w), 'step_1 deleted');
    expect(new Set(changes.map(([n]) => n))).toEqual(new Set(['probe.question', 'step_1.answer']));
    expect(watch.mode).toBe('thread');
    expect(errors).toEqual([]);
  });

  it('falls back to chokidar on the broker thread when the worker cannot load it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hitl-reliable-'));
    const changes: Array<[string, boolean]> = [];
    const errors: unknown[] = [];
    const missing = pathToFileURL(join(dir, 'no-such-chokidar.js')).href;
    let ready = 0;
    watch = startReliableWatch(
      dir,
      (n, w) => changes.push([n, w]),
      (e) => errors.push(e),
      { chokidarUrl: missing, onReady: () => (ready += 1) },
    );
    await waitFor(() => watch!.mode === 'in-process', 'the fallback');
    expect(ready).toBe(1);
    expect(String(errors[0])).toMatch(/no-such-chokidar/);
    await probe(dir, changes);
    expect(changes.some(([n, w]) => n === 'probe.question' && w)).toBe(true);
  });

  it('no longer reports anything once closed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hitl-reliable-'));
    const changes: Array<[string, boolean]> = [];
    watch = startReliableWatch(
      dir,
      (n, w) => changes.push([n, w]),
      () => undefined,
    );
    await probe(dir, changes);
    await watch.close();
    const seen = changes.length;
    await writeFile(join(dir, 'late.question'), '{}');
    await new Promise((r) => setTimeout(r, 300));
    expect(changes.length).toBe(seen);
  });
});

describe('looksLikeHandshakeFile', () => {
  it('accepts question and answer files and rejects hidden, bare and other names', () => {
    expect(looksLikeHandshakeFile('a.question')).toBe(true);
    expect(looksLikeHandshakeFile('a.answer')).toBe(true);
    expect(looksLikeHandshakeFile('.question')).toBe(false);
    expect(looksLikeHandshakeFile('.a.question.tmp')).toBe(false);
    expect(looksLikeHandshakeFile('a.txt')).toBe(false);
  });
});
