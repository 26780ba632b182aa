import { execFileSync } from 'node:child_process';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import type { UnreadableItem } from '@contract/unreadable';
import { OTHER_ACCOUNT, otherAccountSkipReason } from '../support/other-account';
import { waitFor } from '../support/wait-for';
import { makeFaultyDir, type FaultyDir } from './helpers/faulty-dir';
import { startServe, type ServeProcess } from './helpers/serve-process';
import { TempDirs } from './helpers/temp-dirs';

const temp = new TempDirs();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
  await temp.cleanup();
});

/** One fault: how the answer file is made unwritable, and how that clears. */
interface Fault {
  name: string;
  code: RegExp;
  /** The handshake dir (and what it needs), or why the fault cannot be made here. */
  setUp(root: string): Promise<
    | string
    | {
        dir: string;
        as?: { uid: number; gid: number };
        inject(): Promise<void>;
        clear(dir: string, question: () => Promise<void>): Promise<void>;
      }
  >;
}

const tmpfsFault = (
  name: string,
  code: RegExp,
  inject: (made: FaultyDir) => Promise<void>,
  clear: (made: FaultyDir, question: () => Promise<void>) => Promise<void>,
): Fault => ({
  name,
  code,
  async setUp(root) {
    const made = await makeFaultyDir(join(root, 'hs'));
    if (typeof made === 'string') return made;
    if (made.kind !== 'tmpfs') return `${name} needs root (a tmpfs)`;
    cleanups.push(made.cleanup);
    return {
      dir: made.dir,
      inject: () => inject(made),
      clear: (_dir, question) => clear(made, question),
    };
  },
});

const FAULTS: Fault[] = [
  {
    name: 'EACCES (the broker runs as a second account; the dir made 0555)',
    code: /EACCES/,
    async setUp(root) {
      const skip = otherAccountSkipReason();
      if (skip) return skip;
      const uid = Number(execFileSync('id', ['-u', OTHER_ACCOUNT]).toString());
      const gid = Number(execFileSync('id', ['-g', OTHER_ACCOUNT]).toString());
      const dir = join(root, 'hs');
      await mkdir(dir);
      await chmod(root, 0o755);
      await chmod(dir, 0o777);
      return {
        dir,
        as: { uid, gid },
        inject: () => chmod(dir, 0o555),
        clear: () => chmod(dir, 0o777),
      };
    },
  },
  tmpfsFault(
    'EROFS (a tmpfs remounted read-only)',
    /EROFS/,
    (made) => made.readOnly(),
    (made) => made.writable(),
  ),
  tmpfsFault(
    'ENOSPC (a 64 KiB tmpfs filled)',
    /ENOSPC/,
    (made) => made.fill!(),
    (made) => made.unfill!(),
  ),
];

async function api<T>(serve: ServeProcess, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${serve.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...serve.operator, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const auditOf = async (file: string, id: string) =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { event: string; id?: string; reason?: string })
    .filter((entry) => entry.id === id);

describe('clarity-file answer delivery under real faults (the built CLI)', () => {
  for (const fault of FAULTS) {
    it(`${fault.name}: shown undelivered with the answer meanwhile, delivered exactly once when it clears`, async (context) => {
      const root = await temp.make('delivery-fault');
      const made = await fault.setUp(root);
      if (typeof made === 'string') return context.skip(made);
      const stateDir = join(root, 'state');
      await mkdir(stateDir, { mode: 0o700 });
      if (made.as) await chown(stateDir, made.as.uid, made.as.gid);
      const log = join(stateDir, 'audit.jsonl');
      const serve = await startServe({
        dir: made.dir,
        stateDir,
        built: true,
        args: ['--log', log],
        ...(made.as ? { as: made.as } : {}),
      });
      cleanups.push(() => serve.kill9());
      const question = () =>
        writeFile(
          join(made.dir, 'deploy.question'),
          JSON.stringify({ key: 'deploy', question: 'Ship it?', timestamp: 1_700_000_000_000 }),
        );
      await question();
      const asked = await waitFor(
        async () =>
          (await api<{ requests: HitlRequest[] }>(serve, '/api/requests')).requests.find(
            (r) => r.key === 'deploy',
          ),
        'the question in the inbox',
      );

      await made.inject();
      const reply = await api<{ delivered?: boolean; deliveryError?: string }>(serve, '/answer', {
        key: 'deploy',
        response: 'yes, ship it',
      });
      expect(reply.delivered).toBe(false);
      expect(reply.deliveryError).toMatch(fault.code);

      // Meanwhile: the API and the inbox show it answered, not yet delivered, with the answer.
      const [waiting] = (await api<{ requests: HitlRequest[] }>(serve, '/api/undelivered'))
        .requests;
      expect(waiting).toMatchObject({ id: asked.id, status: 'answered' });
      expect(waiting!.delivery).toMatchObject({
        state: 'retrying',
        reason: expect.stringMatching(fault.code),
      });
      const item = await waitFor(
        async () =>
          (await api<{ items: UnreadableItem[] }>(serve, '/api/unreadable')).items.find(
            (i) => i.kind === 'undelivered',
          ),
        'the undelivered item',
      );
      expect(item).toMatchObject({ requestId: asked.id, answer: 'yes, ship it' });
      expect(item.reason).toMatch(/^answered, not yet delivered: .*; retrying/);
      expect((await api<{ requests: HitlRequest[] }>(serve, '/api/requests')).requests).toEqual([]);

      await made.clear(made.dir, question);
      const file = join(made.dir, 'deploy.answer');
      await waitFor(() => readFile(file, 'utf8').catch(() => ''), 'the answer file', 40_000);
      expect(await readFile(file, 'utf8')).toBe('yes, ship it');
      await waitFor(
        async () =>
          (await api<{ requests: HitlRequest[] }>(serve, '/api/undelivered')).requests.length === 0,
        'delivered',
      );
      expect(
        (await api<{ items: UnreadableItem[] }>(serve, '/api/unreadable')).items.filter(
          (i) => i.kind === 'undelivered',
        ),
      ).toEqual([]);
      await serve.stop();
      const events = (await auditOf(log, asked.id)).map((e) => e.event);
      expect(events).toEqual(['added', 'answered', 'delivery_failed', 'delivered']);
    });
  }

  it('ENAMETOOLONG never meets an answer: a 255-byte question name is answered (fixed-length temp names)', async () => {
    const root = await temp.make('delivery-long');
    const dir = join(root, 'hs');
    await mkdir(dir);
    const stateDir = join(root, 'state');
    const serve = await startServe({ dir, stateDir, built: true });
    cleanups.push(() => serve.kill9());
    const base = 'n'.repeat(255 - '.question'.length);
    await writeFile(
      join(dir, `${base}.question`),
      JSON.stringify({ key: 'long', question: 'Long?' }),
    );
    const asked = await waitFor(
      async () =>
        (await api<{ requests: HitlRequest[] }>(serve, '/api/requests')).requests.find(
          (r) => r.key === 'long',
        ),
      'the question',
    );
    const reply = await api<{ delivered?: boolean }>(serve, '/answer', {
      key: 'long',
      response: 'ok',
    });
    expect(reply.delivered).not.toBe(false);
    expect(await readFile(join(dir, `${base}.answer`), 'utf8')).toBe('ok');
    await waitFor(
      async () =>
        (await api<{ requests: HitlRequest[] }>(serve, '/api/history')).requests.find(
          (r) => r.id === asked.id,
        )?.delivery?.state === 'delivered',
      'delivered',
    );
  });
});

describe('a handshake dir removed and re-created while an answer waits to be delivered', () => {
  it('ends that answer undelivered, visibly (its question went with the dir); the question asked again is a new request, delivered', async (context) => {
    const root = await temp.make('delivery-dir-gone');
    const made = await makeFaultyDir(join(root, 'hs'));
    if (typeof made === 'string') return context.skip(made);
    if (made.kind !== 'tmpfs') return context.skip('needs root (a tmpfs)');
    cleanups.push(made.cleanup);
    const stateDir = join(root, 'state');
    const log = join(stateDir, 'audit.jsonl');
    const serve = await startServe({ dir: made.dir, stateDir, built: true, args: ['--log', log] });
    cleanups.push(() => serve.kill9());
    const question = () =>
      writeFile(
        join(made.dir, 'deploy.question'),
        JSON.stringify({ key: 'deploy', question: 'Ship it?' }),
      );
    await question();
    const pendingDeploy = () =>
      api<{ requests: HitlRequest[] }>(serve, '/api/requests').then((r) =>
        r.requests.find((q) => q.key === 'deploy'),
      );
    const first = await waitFor(pendingDeploy, 'the question');
    await made.readOnly();
    expect(
      (await api<{ delivered?: boolean }>(serve, '/answer', { key: 'deploy', response: 'yes' }))
        .delivered,
    ).toBe(false);

    execFileSync('umount', ['-l', made.dir], { stdio: 'pipe' });
    await rm(made.dir, { recursive: true, force: true });
    await mkdir(made.dir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0755', 'tmpfs', made.dir]);
    const ended = await waitFor(
      async () =>
        (await api<{ items: UnreadableItem[] }>(serve, '/api/unreadable')).items.find(
          (i) => i.requestId === first.id && /never delivered/.test(i.reason),
        ),
      'the answer shown ended, never delivered',
      20_000,
    );
    expect(ended.reason).toMatch(
      /^answered, never delivered: the handshake dir was removed or replaced/,
    );
    expect(ended.answer).toBe('yes');

    // The runtime asks again in the new dir: a new request (answered anew), delivered there.
    await question();
    const again = await waitFor(pendingDeploy, 'the question asked again', 30_000);
    expect(again.id).not.toBe(first.id);
    await api(serve, '/answer', { key: 'deploy', response: 'yes again' });
    expect(await readFile(join(made.dir, 'deploy.answer'), 'utf8')).toBe('yes again');
    await serve.stop();
    const events = (await auditOf(log, first.id)).map((e) => e.event);
    expect(events).toEqual(['added', 'answered', 'delivery_failed', 'delivery_ended']);
    expect((await auditOf(log, again.id)).map((e) => e.event)).toEqual([
      'added',
      'answered',
      'delivered',
    ]);
  });
});
