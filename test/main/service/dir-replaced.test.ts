import { mkdir, rename, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import { makeTempDir } from '../../support/temp-dir';
import { waitFor } from '../../support/wait-for';

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
  const service: BrokerService = await startBrokerService({
    dirs: [dir],
    port: 0,
    stateDir: join(root.path, 'state'),
    rendererDir: null,
    onDirLost: (_dir, reason) => lost.push(reason),
  });
  cleanups.push(() => service.close());
  await writeFile(join(dir, 'inside.question'), question('inside'));
  await waitFor(() => service.broker.pending().length === 1, 'the inside question');
  const outside = join(root.path, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'stolen.question'), question('stolen'));
  return { root: root.path, dir, outside, service, lost };
}

describe('a handshake dir replaced while watched', () => {
  for (const how of ['symlink', 'directory'] as const) {
    it(`by a ${how}: stops using it, never reads the new one, and tells the operator`, async () => {
      const { root, dir, outside, service, lost } = await setUp();
      await rename(dir, join(root, 'moved-away'));
      if (how === 'symlink') await symlink(outside, dir);
      else await rename(outside, dir);
      await waitFor(() => lost.length === 1, 'the dir-lost notice');
      // The swap is two steps (move away, put the other in place): a check that falls between
      // them rightly finds the dir gone. Either way the operator is told, once.
      const replaced = `${dir} was replaced by ${how === 'symlink' ? 'a symbolic link' : 'another directory'}; it is no longer used`;
      expect([replaced, `${dir} was removed or moved away; it is no longer used`]).toContain(
        lost[0],
      );
      // Give the watcher every chance to (wrongly) read the new directory.
      await new Promise((r) => setTimeout(r, 2500));
      expect(service.broker.pending()).toEqual([]);
      const inside = service.broker.resolved().find((r) => r.key === 'inside');
      expect(inside).toMatchObject({ status: 'cancelled', cancelReason: lost[0] });
      expect(service.broker.resolved().some((r) => r.key === 'stolen')).toBe(false);
      expect(service.watched.dirs).toEqual([]);
      const operator = { authorization: `Bearer ${service.server.context.operatorSecret}` };
      const info = (await (
        await fetch(`${service.url}api/info`, { headers: operator })
      ).json()) as {
        dirProblems: { dir: string; message: string }[];
      };
      expect(info.dirProblems).toMatchObject([{ dir, message: lost[0] }]);
    });
  }
});
