import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  handshakeBases,
  watchHandshakeDir,
  type HandshakeWatch,
  type HandshakeWatchOptions,
} from '../../../../main/adapters/clarity-file/handshake-watcher';

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A watch of `dir` that records its changes in `changes` and fails the test on an error. */
function watchRecording(
  dir: string,
  changes: Array<[string, boolean]>,
  options?: HandshakeWatchOptions,
): HandshakeWatch {
  return watchHandshakeDir(
    dir,
    (base, written) => changes.push([base, written]),
    (e) => {
      throw e;
    },
    options,
  );
}

describe('watchHandshakeDir', () => {
  let dir: string;
  let watch: HandshakeWatch | undefined;
  const changes: Array<[string, boolean]> = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hitl-watch-'));
    changes.length = 0;
  });
  afterEach(async () => {
    await watch?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reports a new question file by its base name, and ignores other files', async () => {
    watch = watchRecording(dir, changes);
    await writeFile(join(dir, 'notes.txt'), 'x');
    await writeFile(join(dir, 'step_1.question'), '{}');
    await until(() => changes.some(([b]) => b === 'step_1'), 'step_1');
    expect(changes.every(([b]) => b === 'step_1')).toBe(true);
  });

  it("does not pass on an event that ownEcho calls the broker's own change; the next one on that name counts", async () => {
    const echoes = new Set(['mine.question']);
    watch = watchRecording(dir, changes, {
      rescanMs: 3_600_000,
      ownEcho: (name) => echoes.has(name),
    });
    await writeFile(join(dir, 'mine.question'), '{}');
    await writeFile(join(dir, 'other.question'), '{}');
    await until(() => changes.some(([b]) => b === 'other'), 'other');
    expect(changes.some(([b]) => b === 'mine')).toBe(false);
    echoes.clear();
    await writeFile(join(dir, 'mine.question'), '{"again":1}');
    await until(() => changes.some(([b]) => b === 'mine'), 'mine, no longer an echo');
  });

  it('passes the event on when ownEcho cannot tell (a file-system error), and keeps watching', async () => {
    watch = watchRecording(dir, changes, {
      rescanMs: 3_600_000,
      ownEcho: () => {
        throw Object.assign(new Error('EIO: i/o error, lstat'), { code: 'EIO' });
      },
    });
    await writeFile(join(dir, 'first.question'), '{}');
    await until(() => changes.some(([b]) => b === 'first'), 'first');
    await writeFile(join(dir, 'second.question'), '{}');
    await until(() => changes.some(([b]) => b === 'second'), 'second');
  });

  it('the rescan reports files that appeared or vanished since the primed listing (events the OS dropped)', async () => {
    await writeFile(join(dir, 'arrived.question'), '{}');
    await writeFile(join(dir, 'kept.answer'), 'yes');
    watch = watchRecording(dir, changes, { rescanMs: 50 });
    // As if the start-up scan had listed "gone.question" and "kept.answer" but not "arrived.question".
    watch.prime(['gone.question', 'kept.answer', 'readme.md']);
    await until(() => changes.length >= 2, 'two rescan changes');
    expect(changes).toContainEqual(['arrived', true]);
    expect(changes).toContainEqual(['gone', false]);
    expect(changes.some(([b]) => b === 'kept')).toBe(false);
  });
});

describe('handshakeBases', () => {
  it('lists each base once, skipping dot files and other names', () => {
    expect(
      handshakeBases(['a.question', 'a.answer', '.b.question', 'c.txt', 'd.answer']).sort(),
    ).toEqual(['a', 'd']);
  });
});

describe('watchHandshakeDir in a very full directory', () => {
  let dir: string;
  let watch: HandshakeWatch | undefined;
  const changes: Array<[string, boolean]> = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hitl-watch-full-'));
  });
  afterEach(async () => {
    await watch?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('holds chokidar back while the directory holds more files than reliableMaxFiles, and starts it once a rescan finds fewer', async () => {
    for (const name of ['a', 'b', 'c']) await writeFile(join(dir, `${name}.question`), '{}');
    watch = watchRecording(dir, changes, { rescanMs: 50, reliableMaxFiles: 2 });
    watch.prime(['a.question', 'b.question', 'c.question']);
    watch.startReliable();
    await new Promise((r) => setTimeout(r, 200));
    expect(watch.reliableMode()).toBeUndefined();
    // Still watched without it: the directory's own watch and the rescan see the change.
    await writeFile(join(dir, 'd.question'), '{}');
    await until(() => changes.some(([b]) => b === 'd'), 'd reported');
    await rm(join(dir, 'a.question'));
    await rm(join(dir, 'b.question'));
    await rm(join(dir, 'c.question'));
    await until(() => watch!.reliableMode() !== undefined, 'chokidar started once 1 file is left');
  });

  it('runs chokidar on the broker thread with few files, and moves it to a thread once a rescan finds more than reliableThreadFiles', async () => {
    watch = watchRecording(dir, changes, { rescanMs: 50, reliableThreadFiles: 2 });
    await writeFile(join(dir, 'first.question'), '{}');
    watch.prime(['first.question']);
    watch.startReliable();
    await until(() => watch!.reliableMode() !== undefined, 'chokidar started');
    expect(watch.reliableMode()).toBe('in-process');
    for (const name of ['a', 'b', 'c']) await writeFile(join(dir, `${name}.question`), '{}');
    await until(() => watch!.reliableMode() === 'thread', 'chokidar moved to its thread');
  });
});

describe("watchHandshakeDir and the broker's own files", () => {
  let dir: string;
  let watch: HandshakeWatch | undefined;
  const changes: string[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hitl-watch-own-'));
    changes.length = 0;
  });
  afterEach(async () => {
    await watch?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('starts chokidar only once a file the broker did not write shows up, and still reports its own', async () => {
    const own = new Set(['mirror-1.question', 'mirror-2.question']);
    watch = watchHandshakeDir(
      dir,
      (base) => changes.push(base),
      (e) => {
        throw e;
      },
      { rescanMs: 50, ownFile: (name) => own.has(name) },
    );
    watch.prime([]);
    watch.startReliable();
    await writeFile(join(dir, 'mirror-1.question'), '{}');
    await writeFile(join(dir, 'mirror-2.question'), '{}');
    await rm(join(dir, 'mirror-1.question'));
    // The directory's watch and the rescan report them; chokidar is not needed for them.
    await until(() => changes.includes('mirror-2'), 'the mirror reported');
    await new Promise((r) => setTimeout(r, 200));
    expect(watch.reliableMode()).toBeUndefined();
    // A mirror is no longer the broker's once removed (the adapter forgets it): the removal's own
    // event, which arrives after that, must not count as someone else's file.
    await rm(join(dir, 'mirror-2.question'));
    own.delete('mirror-2.question');
    await new Promise((r) => setTimeout(r, 200));
    expect(watch.reliableMode()).toBeUndefined();
    await writeFile(join(dir, 'runtime.question'), '{}');
    await until(() => watch!.reliableMode() === 'in-process', 'chokidar started');
    expect(changes).toContain('runtime');
  });

  it("judges the start-up listing once the scan has adopted the last run's mirrors", async () => {
    await writeFile(join(dir, 'left.question'), '{}');
    const own = new Set<string>();
    watch = watchRecording(dir, [], { rescanMs: 3_600_000, ownFile: (name) => own.has(name) });
    watch.prime(['left.question']);
    own.add('left.question'); // the scan found it to be a mirror of a pending HTTP question
    watch.startReliable();
    await new Promise((r) => setTimeout(r, 200));
    expect(watch.reliableMode()).toBeUndefined();
  });

  it('starts chokidar at once when the listing at start holds a file the broker did not write', async () => {
    await writeFile(join(dir, 'runtime.question'), '{}');
    watch = watchRecording(dir, [], { rescanMs: 3_600_000, ownFile: () => false });
    watch.prime(['runtime.question']);
    watch.startReliable();
    await until(() => watch!.reliableMode() === 'in-process', 'chokidar started');
  });

  it('a listing that names a file gone since (a mirror the broker has removed) does not start chokidar', async () => {
    watch = watchRecording(
      dir,
      [],
      // Removed: the adapter no longer holds it as its own mirror, and it is not on disk.
      { rescanMs: 50, ownFile: () => false },
    );
    watch.prime(['answered-mirror.question']);
    watch.startReliable();
    await new Promise((r) => setTimeout(r, 200));
    expect(watch.reliableMode()).toBeUndefined();
    await writeFile(join(dir, 'runtime.question'), '{}');
    await until(() => watch!.reliableMode() === 'in-process', 'chokidar started');
  });
});
