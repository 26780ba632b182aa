import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for';
import { startHandshakeService, type HandshakeService } from './helpers/handshake-service';

let running: HandshakeService | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('a handshake dir removed and created again', () => {
  it('is watched again: the runtime asking again there is answered into the new dir', async () => {
    const lost: string[] = [];
    running = await startHandshakeService({ onDirLost: (_dir, reason) => lost.push(reason) });
    const { dir, service } = running;
    await running.ask('deploy', 'deploy');
    await waitFor(() => service.broker.pending().length === 1, 'the question');
    const before = service.broker.pending()[0]!.id;

    for (let round = 1; round <= 3; round++) {
      await rm(dir, { recursive: true });
      await waitFor(() => lost.length === round, `the dir-lost notice (round ${round})`);
      await mkdir(dir);
      await waitFor(
        () => running!.warnings.filter((w) => /watched again/.test(w)).length === round,
        `the watched-again notice (round ${round})`,
      );
    }
    expect(service.watched.dirs).toEqual([dir]);
    await running.ask('deploy', 'deploy');
    const again = await waitFor(
      () => service.broker.pending().find((r) => r.key === 'deploy'),
      'the question asked again in the new dir',
    );
    expect(again.id).not.toBe(before);
    const reply = await running.answer('deploy', 'ship it');
    expect(reply.status).toBe(200);
    expect(reply.body.delivered).toBeUndefined();
    expect(await readFile(join(dir, 'deploy.answer'), 'utf8')).toBe('ship it');
  });
});
