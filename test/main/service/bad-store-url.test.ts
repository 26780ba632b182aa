import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startBrokerService } from '../../../main/service/broker-service';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

it('refuses a bad store URL before claiming the state dir, so a corrected start works', async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hitl-bad-store-'));
  const options = { port: 0, stateDir: path.join(root, 'state'), rendererDir: null } as const;
  await expect(startBrokerService({ ...options, store: 'mysql://db/hitl' })).rejects.toThrow(
    /store: expected "embedded" or a postgres/,
  );
  // Same process, same state dir: the lock of the refused start is not held.
  const service = await startBrokerService(options);
  await service.close();
});
