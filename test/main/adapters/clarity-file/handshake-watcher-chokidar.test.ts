import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The plain fs.watch fast path is made to fail, so every event below can only come from chokidar
// (which lives in node_modules and keeps the real node:fs).
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    watch: () => {
      throw new Error('fs.watch unavailable in this test');
    },
  };
});

const { watchHandshakeDir } =
  await import('../../../../main/adapters/clarity-file/handshake-watcher');

async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('watchHandshakeDir with chokidar', () => {
  let dir: string | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('chokidar reports added and deleted handshake files once started, and ignores other files', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hitl-chokidar-'));
    const changes: Array<[string, boolean]> = [];
    const errors: unknown[] = [];
    const watch = watchHandshakeDir(
      dir,
      (base, written) => changes.push([base, written]),
      (e) => errors.push(e),
      {
        rescanMs: 3_600_000,
      },
    );
    close = () => watch.close();
    expect(String(errors[0])).toMatch(/fs.watch unavailable/);

    watch.prime([]);
    watch.startReliable();
    // chokidar's watch is set up asynchronously: keep writing until the first event arrives.
    for (let i = 0; !changes.some(([b]) => b === 'probe'); i += 1) {
      await writeFile(join(dir, 'probe.question'), `{"n":${i}}`);
      await new Promise((r) => setTimeout(r, 100));
      if (i > 100) throw new Error('chokidar never reported the probe file');
    }
    await writeFile(join(dir, 'notes.txt'), 'ignored');
    await writeFile(join(dir, 'step_1.question'), '{}');
    await until(() => changes.some(([b, w]) => b === 'step_1' && w), 'step_1 added');
    await unlink(join(dir, 'step_1.question'));
    await until(() => changes.some(([b, w]) => b === 'step_1' && !w), 'step_1 deleted');
    expect(changes.map(([b]) => b).every((b) => b === 'probe' || b === 'step_1')).toBe(true);
  });
});
