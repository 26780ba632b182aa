import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import { acquireOwnerLock } from '../../../main/service/owner-lock';
import { HANDSHAKE_LOCK } from '../../../main/service/watched-dirs';
import { makeTempDir } from '../../support/temp-dir';
import { waitFor } from '../../support/wait-for';

// Every lock attempt is counted, so a test can wait for the broker's retries instead of sleeping.
const lockAttempts = vi.hoisted(() => ({ handshake: 0 }));
vi.mock('../../../main/service/owner-lock', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../main/service/owner-lock')>();
  return {
    ...real,
    acquireOwnerLock: (...args: Parameters<typeof real.acquireOwnerLock>) => {
      if (args[1].startsWith('handshake dir ')) lockAttempts.handshake += 1;
      return real.acquireOwnerLock(...args);
    },
  };
});

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

const question = (key: string) => JSON.stringify({ key, question: `About ${key}?` });

async function setUp() {
  const root = await makeTempDir('hitl-dir-replaced-');
  cleanups.push(root.remove);
  const dir = join(root.path, 'hs');
  const lost: string[] = [];
  const warnings: string[] = [];
  const service: BrokerService = await startBrokerService({
    dirs: [dir],
    port: 0,
    stateDir: join(root.path, 'state'),
    rendererDir: null,
    onDirLost: (_dir, reason) => lost.push(reason),
    onWarning: (message) => warnings.push(message),
  });
  cleanups.push(() => service.close());
  await writeFile(join(dir, 'inside.question'), question('inside'));
  await waitFor(() => service.broker.pending().length === 1, 'the inside question');
  const outside = join(root.path, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'stolen.question'), question('stolen'));
  return { root: root.path, dir, outside, service, lost, warnings };
}

async function problems(service: BrokerService) {
  const operator = { authorization: `Bearer ${service.server.context.operatorSecret}` };
  const info = (await (await fetch(`${service.url}api/info`, { headers: operator })).json()) as {
    dirProblems: { dir: string; message: string }[];
  };
  return info.dirProblems;
}

describe('a handshake dir replaced while watched', () => {
  it('by a symlink: stops using it, never reads where it points, and tells the operator', async () => {
    const { root, dir, outside, service, lost } = await setUp();
    await rename(dir, join(root, 'moved-away'));
    await symlink(outside, dir);
    await waitFor(() => lost.length === 1, 'the dir-lost notice');
    // The swap is two steps (move away, put the other in place): a check that falls between
    // them rightly finds the dir gone. Either way the operator is told, once.
    expect([
      `${dir} was replaced by a symbolic link; it is no longer used`,
      `${dir} was removed or moved away; it is no longer used`,
    ]).toContain(lost[0]);
    const refused = `${dir} is now a symbolic link; not watched again`;
    await waitFor(
      async () => (await problems(service)).some((p) => p.message === refused),
      'the refusal notice',
    );
    expect(service.broker.pending()).toEqual([]);
    const inside = service.broker.resolved().find((r) => r.key === 'inside');
    expect(inside).toMatchObject({ status: 'cancelled', cancelReason: lost[0] });
    expect(service.broker.resolved().some((r) => r.key === 'stolen')).toBe(false);
    expect(service.watched.dirs).toEqual([]);
    expect((await problems(service))[0]).toMatchObject({ dir, message: lost[0] });
  });

  for (const how of ['removed and created again', 'replaced by another directory'] as const) {
    it(`${how}: validated and watched again, with a notice; its questions reach the inbox`, async () => {
      const { root, dir, outside, service, lost, warnings } = await setUp();
      if (how === 'replaced by another directory') {
        await rename(dir, join(root, 'moved-away'));
        await rename(outside, dir);
      } else {
        await rm(dir, { recursive: true });
        await waitFor(() => lost.length === 1, 'the dir-lost notice');
        await mkdir(dir);
        await writeFile(join(dir, 'stolen.question'), question('stolen'));
      }
      await waitFor(() => lost.length === 1, 'the dir-lost notice');
      const back = `${dir} is a directory again; watched again`;
      await waitFor(() => warnings.includes(back), 'the watched-again notice');
      expect(await problems(service)).toEqual([]);
      expect(service.watched.dirs).toEqual([dir]);
      await waitFor(
        () => service.broker.pending().find((r) => r.key === 'stolen'),
        "the new dir's question",
      );
      // Removed with its files: the question gone (expired by the agent) or the dir first seen
      // gone (cancelled with the reason), whichever the broker noticed first.
      const inside = service.broker.resolved().find((r) => r.key === 'inside');
      if (how === 'removed and created again')
        expect(['expired', 'cancelled']).toContain(inside?.status);
      else expect(inside).toMatchObject({ status: 'cancelled', cancelReason: lost[0] });
      // Watched for real: a question written now arrives too.
      await writeFile(join(dir, 'later.question'), question('later'));
      await waitFor(
        () => service.broker.pending().find((r) => r.key === 'later'),
        'a new question',
      );
    });
  }

  it('back while another holder has its lock: told once, watched once the lock is free', async () => {
    const { dir, service, lost, warnings } = await setUp();
    await rm(dir, { recursive: true });
    await waitFor(() => lost.length === 1, 'the dir-lost notice');
    await mkdir(dir);
    const lock = acquireOwnerLock(join(dir, HANDSHAKE_LOCK), 'another holder');
    const refused = (w: string) => w.startsWith(`${dir}: not watched again yet:`);
    await waitFor(() => warnings.some(refused), 'the refusal');
    // It keeps trying every second; the operator is told once, not at every try: two more
    // attempts (each refused by the lock) and still one notice.
    const refusedAt = lockAttempts.handshake;
    await waitFor(() => lockAttempts.handshake >= refusedAt + 2, 'two more attempts');
    expect(warnings.filter(refused)).toHaveLength(1);
    lock.release();
    await waitFor(() => service.watched.dirs.length === 1, 'watched again');
  });
});
