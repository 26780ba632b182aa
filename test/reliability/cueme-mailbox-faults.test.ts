import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CuemeMailbox } from '../../main/adapters/cueme-mailbox/cueme-mailbox';
import { MAILBOX_LIMITS } from '../../main/adapters/cueme-mailbox/mailbox-limits';
import { startWorker, workerScript } from '../../main/adapters/cueme-mailbox/worker-host';
import { Broker } from '../../main/broker/broker';
import { RequestStore } from '../../main/broker/persistence/request-store';
import { cueState, holdExclusiveLock, insertCues, withMailbox } from '../support/cueme-mailbox-db';
import { measureLargeMailbox, sqliteNodeBinary } from '../support/load/large-mailbox';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

/** Why the read-only case cannot run here (root ignores file modes; chattr +i stops root too). */
function immutableSkipReason(): string | undefined {
  if (process.platform !== 'linux') return 'read-only mailbox: needs Linux chattr';
  if (process.getuid?.() !== 0) return 'read-only mailbox: chattr +i needs root';
  try {
    execFileSync('chattr', ['--help'], { stdio: 'pipe' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'read-only mailbox: no chattr';
  }
  return undefined;
}

describe('the original cueme mailbox under faults (real SQLite, another connection)', () => {
  let home: { path: string; remove: () => Promise<void> };
  let dbPath: string;
  let broker: Broker;
  let mailbox: CuemeMailbox | undefined;
  const warnings: string[] = [];

  beforeEach(async () => {
    home = await makeTempDir('cueme-faults-');
    dbPath = path.join(home.path, '.cue', 'cue.db');
    await mkdir(path.dirname(dbPath));
    await withMailbox(dbPath, '');
    broker = new Broker();
    warnings.length = 0;
  });
  afterEach(async () => {
    await mailbox?.close();
    mailbox = undefined;
    broker.close();
    try {
      execFileSync('chattr', ['-i', dbPath], { stdio: 'pipe' });
    } catch {
      // Not set (or no chattr).
    }
    await home.remove();
  });
  const serve = () => {
    sqliteNodeBinary(); // skips cleanly (NotAvailableError) without a Node that has node:sqlite
    mailbox = new CuemeMailbox({
      broker,
      dbPath,
      warn: (m) => warnings.push(m),
      start: (db) => startWorker(db, { script: workerScript(), mode: 'child' }),
      retry: { firstMs: 200, maxMs: 1000 },
    });
  };
  const pendingKeys = () =>
    broker
      .pending()
      .map((r) => r.key)
      .sort();

  it('bad rows (over-long agent_id, empty request_id) are one item each; the good cues around them, and a >1,000,000-character prompt (cut, visibly), are in the inbox', async () => {
    await insertCues(dbPath, [
      { request_id: 'good-1', prompt: 'First?' },
      { request_id: 'long-agent', prompt: 'Mine?', agentRepeat: { text: 'a', count: 5000 } },
      { request_id: 'huge', prompt: 'Huge: ', repeat: { text: 'x', count: 1_200_000 } },
      { request_id: '', prompt: 'No id?' },
      { request_id: 'good-2', prompt: 'Second?' },
    ]);
    serve();
    await waitFor(() => pendingKeys().length === 3, 'the three readable cues', 20_000);
    expect(pendingKeys()).toEqual(['good-1', 'good-2', 'huge']);
    const huge = broker.findPending('cueme', 'huge')!;
    expect(huge.prompt.length).toBeLessThan(MAILBOX_LIMITS.prompt + 200);
    expect(huge.prompt).toContain(
      '[Cut: the prompt is 1,200,006 characters long in the cueme mailbox; the first 100,000 are shown.]',
    );
    const items = broker.unreadable.list();
    expect(items.map((i) => [i.source, i.field, i.reason])).toEqual([
      [
        'cueme',
        'agent_id',
        'This cue cannot be shown or answered here: its agent_id is 5,000 characters long (at most 400).',
      ],
      [
        'cueme',
        'request_id',
        'This cue cannot be shown or answered here: its request_id is empty.',
      ],
    ]);
    // A cue asked after the bad rows still shows, and answers still land.
    await insertCues(dbPath, [{ request_id: 'good-3', prompt: 'Third?' }]);
    await waitFor(() => broker.findPending('cueme', 'good-3'), 'the later cue');
    broker.answer(broker.findPending('cueme', 'good-2')!.id, { text: 'yes' });
    await waitFor(
      async () => (await cueState(dbPath, 'good-2')).status === 'COMPLETED',
      'good-2 written',
    );
    expect((await cueState(dbPath, 'good-2')).response).toBe('{"text":"yes"}');
  });

  it('locked past the busy timeout by another connection: the answer is visibly retrying, then written once the lock goes', async () => {
    await insertCues(dbPath, [{ request_id: 'locked-1', prompt: 'Deploy?' }]);
    serve();
    const request = await waitFor(() => broker.findPending('cueme', 'locked-1'), 'the cue', 20_000);
    const lock = await holdExclusiveLock(dbPath);
    try {
      broker.answer(request.id, { text: 'go' });
      // The write waits out the 5 s busy timeout, then fails: the answer is not lost, it is shown.
      const failing = await waitFor(
        () =>
          broker.get(request.id)?.delivery?.state === 'retrying'
            ? broker.get(request.id)
            : undefined,
        'the answer retrying',
        20_000,
      );
      expect(failing.delivery?.reason).toMatch(/locked/);
      expect(broker.unreadable.list().map((i) => i.reason)).toContainEqual(
        expect.stringMatching(/^answered, not yet delivered: database is locked; retrying/),
      );
      expect(broker.pending()).toEqual([]);
    } finally {
      await lock.release();
    }
    await waitFor(
      () => broker.get(request.id)?.delivery?.state === 'delivered',
      'delivered',
      30_000,
    );
    expect(await cueState(dbPath, 'locked-1')).toEqual({
      status: 'COMPLETED',
      response: '{"text":"go"}',
      cancelled: 0,
    });
    expect(broker.unreadable.empty).toBe(true);
  });

  it('an answer still undelivered when the broker stops is written by the next broker, not asked again', async () => {
    const stateDir = path.join(home.path, 'state');
    await insertCues(dbPath, [{ request_id: 'restart-1', prompt: 'Release?' }]);
    let store = new RequestStore({ stateDir });
    store.attach(broker);
    serve();
    const request = await waitFor(
      () => broker.findPending('cueme', 'restart-1'),
      'the cue',
      20_000,
    );
    const lock = await holdExclusiveLock(dbPath);
    try {
      broker.answer(request.id, { text: 'released' });
      await waitFor(
        () => broker.get(request.id)?.delivery?.state === 'retrying',
        'retrying',
        20_000,
      );
      await mailbox!.close();
      mailbox = undefined;
      store.close();
      broker.close();
    } finally {
      await lock.release();
    }
    broker = new Broker();
    store = new RequestStore({ stateDir });
    store.attach(broker);
    expect(broker.get(request.id)?.delivery?.state).toBe('retrying');
    serve();
    await waitFor(
      () => broker.get(request.id)?.delivery?.state === 'delivered',
      'delivered',
      30_000,
    );
    expect(await cueState(dbPath, 'restart-1')).toMatchObject({
      status: 'COMPLETED',
      response: '{"text":"released"}',
    });
    expect(broker.pending()).toEqual([]);
    store.close();
  });

  it.skipIf(immutableSkipReason())(
    'read-only (chattr +i, which stops root too): the answer is visibly retrying, then written once the file is writable again',
    async () => {
      await insertCues(dbPath, [{ request_id: 'ro-1', prompt: 'Merge?' }]);
      execFileSync('chattr', ['+i', dbPath]);
      serve();
      const request = await waitFor(() => broker.findPending('cueme', 'ro-1'), 'the cue', 20_000);
      broker.answer(request.id, { text: 'merged' });
      const failing = await waitFor(
        () =>
          broker.get(request.id)?.delivery?.state === 'retrying'
            ? broker.get(request.id)
            : undefined,
        'the answer retrying',
        20_000,
      );
      expect(failing.delivery?.reason).toMatch(
        /readonly|read-only|disk I\/O|not permitted|unable to open/i,
      );
      expect(broker.pending()).toEqual([]);
      execFileSync('chattr', ['-i', dbPath]);
      await waitFor(
        () => broker.get(request.id)?.delivery?.state === 'delivered',
        'delivered',
        30_000,
      );
      expect((await cueState(dbPath, 'ro-1')).status).toBe('COMPLETED');
    },
  );
});

describe('a 135 MB cueme mailbox', () => {
  it('is served in bounded time and memory: every cue within 30 s, the worker under 400 MB, history.json under 20 MB', async () => {
    const dir = await makeTempDir('cueme-large-');
    try {
      const figures = await measureLargeMailbox(dir.path, {
        rows: 140,
        promptChars: 960_000,
        script: workerScript(),
        waitMs: 60_000,
      });
      console.log(`135 MB mailbox: ${JSON.stringify(figures)}`);
      expect(figures.mailboxMb).toBeGreaterThan(125);
      expect(figures.synced).toBe(140);
      expect(figures.firstSyncMs).toBeLessThan(30_000);
      expect(figures.newCueMs).toBeLessThan(10_000);
      expect(figures.workerPeakMb).toBeGreaterThan(0);
      expect(figures.workerPeakMb).toBeLessThan(400);
      expect(figures.historyMb).toBeLessThan(20);
    } finally {
      await dir.remove();
    }
  });
});
