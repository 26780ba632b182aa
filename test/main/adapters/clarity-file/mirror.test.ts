import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClarityFileAdapter } from '../../../../main/adapters/clarity-file';
import { Broker } from '../../../../main/broker/broker';
import { makeTempDir } from '../../../support/temp-dir';
import { waitFor } from '../../../support/wait-for';
import { startHarness } from './harness';

type Harness = Awaited<ReturnType<typeof startHarness>>;

describe('ClarityFileAdapter.mirror', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  const addHttp = (key: string) =>
    h.broker.add({ source: 'clarity-http', key, prompt: `HTTP ${key}` });

  it('writes {safeKey}.question for an HTTP request without opening a second request', async () => {
    const request = addHttp('deploy prod?');
    await h.adapter.mirror(request);
    await h.adapter.whenIdle();
    const body = JSON.parse(await readFile(join(h.dir, 'deploy_prod_.question'), 'utf8'));
    expect(body).toMatchObject({
      key: 'deploy prod?',
      question: 'HTTP deploy prod?',
      mirrorOf: request.id,
    });
    expect(h.broker.pending()).toHaveLength(1);
    expect(h.invalid).toEqual([]);
  });

  it('an .answer written by a file tool answers the request (cli) and both mirror files go away', async () => {
    const request = addHttp('k');
    await h.adapter.mirror(request);
    await writeFile(join(h.dir, 'k.answer'), 'ship it\n');
    const resolved = await h.broker.waitForResolution(request.id);
    expect(resolved).toMatchObject({
      status: 'answered',
      resolvedBy: 'cli',
      answer: { text: 'ship it' },
    });
    await waitFor(async () => (await readdir(h.dir)).length === 0, 'mirror files removed');
  });

  it('deletes the mirror question when the request is answered elsewhere', async () => {
    const request = addHttp('k');
    await h.adapter.mirror(request);
    h.broker.answer(request.id, { text: 'from the UI' }, 'ui');
    await h.adapter.whenIdle();
    expect(await readdir(h.dir)).toEqual([]);
  });

  it('deleting the mirror question (clarity-hitl cancel) cancels the request', async () => {
    const request = addHttp('k');
    await h.adapter.mirror(request);
    await rm(join(h.dir, 'k.question'));
    const resolved = await h.broker.waitForResolution(request.id);
    expect(resolved).toMatchObject({ status: 'cancelled', resolvedBy: 'cli' });
  });

  it('claims the name at once and writes the file once `ready` resolves (after an HTTP reply)', async () => {
    const request = addHttp('later');
    let release!: () => void;
    const ready = new Promise<void>((resolve) => (release = resolve));
    const writing = h.adapter.mirror(request, ready);
    expect(h.adapter.filesOf(request.id)).toMatchObject({
      safeKey: 'later',
      kind: 'mirror',
      questionPath: join(h.dir, 'later.question'),
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(await readdir(h.dir)).toEqual([]);
    release();
    await writing;
    expect(JSON.parse(await readFile(join(h.dir, 'later.question'), 'utf8')).mirrorOf).toBe(
      request.id,
    );
  });

  it('whenIdle() waits for a mirror that is still waiting for `ready`', async () => {
    const request = addHttp('held');
    let release!: () => void;
    void h.adapter.mirror(request, new Promise<void>((resolve) => (release = resolve)));
    let idle = false;
    const idling = h.adapter.whenIdle().then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(idle).toBe(false);
    release();
    await idling;
    expect(await readdir(h.dir)).toEqual(['held.question']);
  });

  it('an .answer that appears before the mirror is written is taken once it is', async () => {
    const request = addHttp('early');
    let release!: () => void;
    void h.adapter.mirror(request, new Promise<void>((resolve) => (release = resolve)));
    await writeFile(join(h.dir, 'early.answer'), 'already decided\n');
    await waitFor(() => h.adapter.filesOf(request.id)?.kind === 'mirror', 'claimed');
    await new Promise((r) => setTimeout(r, 50));
    expect(h.broker.get(request.id)?.status).toBe('pending');
    release();
    expect(await h.broker.waitForResolution(request.id)).toMatchObject({
      status: 'answered',
      resolvedBy: 'cli',
      answer: { text: 'already decided' },
    });
  });

  it('picks another name when a real question already uses the safe key', async () => {
    await writeFile(join(h.dir, 'k.question'), JSON.stringify({ key: 'k', question: 'file' }));
    await waitFor(() => h.broker.findPending('clarity-file', 'k'), 'file request');
    const request = addHttp('k');
    await h.adapter.mirror(request);
    expect(JSON.parse(await readFile(join(h.dir, 'k-2.question'), 'utf8')).mirrorOf).toBe(
      request.id,
    );
  });
});

describe('stale mirror files from an earlier run', () => {
  it('are adopted when their request is pending again, and removed otherwise', async () => {
    const temp = await makeTempDir();
    try {
      const broker = new Broker();
      const restored = broker.add({
        id: 'req-1',
        source: 'clarity-http',
        key: 'back',
        prompt: 'restored',
      });
      await writeFile(
        join(temp.path, 'back.question'),
        JSON.stringify({ key: 'back', question: 'restored', mirrorOf: restored.id }),
      );
      await writeFile(
        join(temp.path, 'old.question'),
        JSON.stringify({ key: 'old', question: 'gone', mirrorOf: 'req-unknown' }),
      );
      const adapter = await ClarityFileAdapter.start({ dir: temp.path, broker });
      expect(broker.pending().map((r) => r.id)).toEqual(['req-1']);
      expect(await readdir(temp.path)).toEqual(['back.question']);
      await writeFile(join(temp.path, 'back.answer'), 'yes');
      expect(await broker.waitForResolution('req-1')).toMatchObject({
        status: 'answered',
        answer: { text: 'yes' },
      });
      await adapter.close();
    } finally {
      await temp.remove();
    }
  });
});
