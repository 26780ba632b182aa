import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrokerService } from '../../../main/service/broker-service';
import { makeTempDir } from '../../support/temp-dir';
import { waitFor } from '../../support/wait-for';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

/** Every path under `dir` with its permission bits. */
async function modes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await readdir(dir, { recursive: true })) {
    out[name] = ((await stat(join(dir, name))).mode & 0o777).toString(8);
  }
  return out;
}

describe.runIf(process.platform !== 'win32')('state files', () => {
  it('are created 0600 in a 0700 state dir (history, pending, journal, runs, broker.json, lock)', async () => {
    const root = await makeTempDir('hitl-modes-');
    cleanups.push(root.remove);
    const stateDir = join(root.path, 'state');
    const service = await startBrokerService({ port: 0, stateDir, rendererDir: null });
    cleanups.push(() => service.close());
    const durable = service.broker.add({ source: 'clarity-http', key: 'k', prompt: 'Deploy?' });
    service.broker.add({ source: 'clarity-http', key: 'k2', prompt: 'Other?' });
    service.broker.answer(durable.id, { text: 'yes' }, 'ui');
    const run = service.runs.start({ command: ['agent'] });
    service.runs.append(run.id, [{ kind: 'text', text: 'hello' }]);
    await waitFor(async () => {
      const names = Object.keys(await modes(stateDir));
      return (
        ['history.json', 'journal.jsonl', 'broker.json', 'broker.lock'].every((n) =>
          names.includes(n),
        ) && names.some((n) => n.startsWith('runs/'))
      );
    }, 'the state files');
    expect((await stat(stateDir)).mode & 0o777).toBe(0o700);
    const files = await modes(stateDir);
    for (const [name, mode] of Object.entries(files))
      expect(mode, name).toBe(name === 'runs' ? '700' : '600');
  });
});
