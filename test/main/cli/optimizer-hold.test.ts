import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Broker } from '../../../main/broker/broker';
import { OptimizerHold } from '../../../main/cli/optimizer-hold';
import { startBrokerService } from '../../../main/service/broker-service';

/** A hold whose V8 flags are recorded instead of set. */
function recordedHold(): { hold: OptimizerHold; flags: string[] } {
  const flags: string[] = [];
  return { hold: new OptimizerHold((flag) => flags.push(flag)), flags };
}

const ask = (broker: Broker, key: string) =>
  broker.add({ source: 'clarity-file', key, prompt: `Ship ${key}?` });

describe('OptimizerHold', () => {
  it('turns TurboFan off once and back on once', () => {
    const { hold, flags } = recordedHold();
    hold.hold();
    hold.hold();
    expect(hold.isHeld).toBe(true);
    hold.release();
    hold.release();
    expect(hold.isHeld).toBe(false);
    expect(flags).toEqual(['--no-turbofan', '--turbofan']);
  });

  it('gives TurboFan back when the broker gets busy during start-up, and stops listening', () => {
    const { hold, flags } = recordedHold();
    const broker = new Broker();
    hold.hold();
    hold.releaseWhenBusy(broker, 3);
    ask(broker, 'a');
    ask(broker, 'b');
    expect(flags).toEqual(['--no-turbofan']);
    ask(broker, 'c');
    expect(flags).toEqual(['--no-turbofan', '--turbofan']);
    hold.hold();
    for (const key of ['d', 'e', 'f', 'g']) ask(broker, key);
    // The listener is gone: only the start-up's events count.
    expect(flags).toEqual(['--no-turbofan', '--turbofan', '--no-turbofan']);
  });

  it('a quiet start-up keeps the hold until the entry releases it', () => {
    const { hold, flags } = recordedHold();
    const broker = new Broker();
    hold.hold();
    hold.releaseWhenBusy(broker, 3);
    ask(broker, 'a');
    hold.release();
    for (const key of ['b', 'c', 'd']) ask(broker, key);
    expect(flags).toEqual(['--no-turbofan', '--turbofan']);
  });

  it('the service hands over its broker before start-up loads the handshake dir', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'hitl-hold-'));
    const dir = path.join(root, 'handshake');
    await mkdir(dir);
    for (const key of ['one', 'two', 'three'])
      await writeFile(
        path.join(dir, `${key}.question`),
        JSON.stringify({ key, question: `${key}?`, pid: 1 }),
      );
    const seen: string[] = [];
    const service = await startBrokerService({
      port: 0,
      stateDir: path.join(root, 'state'),
      dirs: [dir],
      rendererDir: null,
      onBrokerCreated: (broker) => {
        expect(broker.pending()).toEqual([]);
        broker.subscribe((event) => seen.push(`${event.type} ${event.request.key}`));
      },
    });
    try {
      expect(seen.sort()).toEqual(['added one', 'added three', 'added two']);
    } finally {
      await service.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
