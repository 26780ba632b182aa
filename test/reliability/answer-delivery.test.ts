import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HANDSHAKE_LOCK } from '../../main/service/watched-dirs';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';
import { makeFaultyDir, type FaultyDir } from './helpers/faulty-dir';
import { startHandshakeService, type HandshakeService } from './helpers/handshake-service';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

/** A faulty handshake dir (or the reason this machine cannot make one: the test then skips). */
async function faulty(): Promise<FaultyDir | string> {
  const temp = await makeTempDir('hitl-faulty-');
  cleanups.push(temp.remove);
  const made = await makeFaultyDir(join(temp.path, 'hs'));
  if (typeof made === 'string') return made;
  cleanups.push(made.cleanup);
  return {
    ...made,
    // Later cleanups run first: the fault is cleared before the broker that met it closes.
    readOnly: async () => {
      await made.readOnly();
      cleanups.push(made.writable);
    },
  };
}

async function serve(dir: string, stateDir?: string): Promise<HandshakeService> {
  const running = await startHandshakeService({ dir, ...(stateDir ? { stateDir } : {}) });
  cleanups.push(running.close);
  return running;
}

const undelivered = (running: HandshakeService) =>
  waitFor(
    async () =>
      (await running.unreadable()).find(
        (item) =>
          item.kind === 'undelivered' &&
          /^answered, not yet delivered: (EACCES|EROFS|ENOSPC).*; retrying/.test(item.reason),
      ),
    'the undelivered item',
  );

describe('an answer the broker cannot write is retried and shown until it lands', () => {
  for (const fault of ['read-only', 'full'] as const) {
    it(`handshake dir ${fault}: POST /answer says not delivered, the inbox shows it, the file lands once the fault clears`, async (context) => {
      const made = await faulty();
      if (typeof made === 'string') return context.skip(made);
      if (fault === 'full' && !made.fill) return context.skip('a full dir needs root (tmpfs)');
      const running = await serve(made.dir);
      await running.ask('deploy', 'deploy');
      await waitFor(() => running.service.broker.pending().length === 1, 'the question');
      if (fault === 'read-only') await made.readOnly();
      else await made.fill!();

      const reply = await running.answer('deploy', 'yes');
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ status: 'answered', delivered: false });
      expect(reply.body.deliveryError).toMatch(/EACCES|EROFS|ENOSPC/);
      const item = await undelivered(running);
      expect(item).toMatchObject({ origin: 'deploy', answer: 'yes', source: 'clarity-file' });
      const id = item.requestId!;
      expect(running.service.broker.get(id)?.delivery?.state).toBe('retrying');

      if (fault === 'read-only') await made.writable();
      else await made.unfill!();
      const file = join(made.dir, 'deploy.answer');
      await waitFor(() => readFile(file, 'utf8').catch(() => ''), 'the answer file', 20_000);
      expect(await readFile(file, 'utf8')).toBe('yes');
      await waitFor(
        async () => !(await running.unreadable()).some((i) => i.id === item.id),
        'the item gone once delivered',
      );
      expect(running.service.broker.get(id)?.delivery?.state).toBe('delivered');
    });
  }

  it('an answer still undelivered when the broker stops is written by the next start', async (context) => {
    const made = await faulty();
    if (typeof made === 'string') return context.skip(made);
    const state = await makeTempDir('hitl-faulty-state-');
    cleanups.push(state.remove);
    const first = await serve(made.dir, state.path);
    await first.ask('deploy', 'deploy');
    await waitFor(() => first.service.broker.pending().length === 1, 'the question');
    await made.readOnly();
    expect((await first.answer('deploy', 'later')).body.delivered).toBe(false);
    await first.close();
    cleanups.splice(cleanups.indexOf(first.close), 1);
    await made.writable();
    // Its lock stayed in the read-only dir; it would be stale once the process ended, but this
    // test's next broker runs in the same process.
    await rm(join(made.dir, HANDSHAKE_LOCK));
    const second = await serve(made.dir, state.path);
    const file = join(made.dir, 'deploy.answer');
    await waitFor(() => readFile(file, 'utf8').catch(() => ''), 'the answer file at start-up');
    expect(await readFile(file, 'utf8')).toBe('later');
    const answered = second.service.broker.findByKey('deploy');
    await waitFor(
      () => answered?.id && second.service.broker.get(answered.id)?.delivery?.state === 'delivered',
      'delivered',
    );
    expect(second.service.broker.pendingCount).toBe(0);
  });
});
