import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog, type AuditEntry } from '../../../main/broker/audit-log';
import { Broker } from '../../../main/broker/broker';
import { InvalidInputError, NotFoundError } from '../../../main/broker/errors';
import { RequestStore } from '../../../main/broker/persistence/request-store';
import type { HitlRequest } from '@contract/request';
import type { DeliveryOutcome } from '@contract/delivery';
import { makeTempDir } from '../../support/temp-dir';

describe('delivery state of answered requests', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => {
    await temp.remove();
  });

  const answered = (broker: Broker, source: HitlRequest['source'] = 'clarity-file') => {
    const r = broker.add({ source, key: `k-${Math.random()}`, prompt: 'Go?' });
    return broker.answer(r.id, { text: 'yes' });
  };

  it('starts awaiting only for sources whose adapter reports, and is absent otherwise', () => {
    let now = 1000;
    const broker = new Broker({ now: () => now });
    broker.deliveries.expect('clarity-file');
    now = 2000;
    const tracked = answered(broker);
    expect(tracked.delivery).toEqual({ state: 'awaiting', at: 2000 });
    expect(answered(broker, 'mcp').delivery).toBeUndefined();
    const cancelled = broker.add({ source: 'clarity-file', key: 'c', prompt: 'C?' });
    expect(broker.cancel(cancelled.id).delivery).toBeUndefined();
    expect(broker.deliveries.undelivered().map((r) => r.id)).toEqual([tracked.id]);
  });

  it('moves retrying → delivered once; a second delivered or a late failure changes nothing', () => {
    let now = 1000;
    const broker = new Broker({ now: () => now });
    broker.deliveries.expect('clarity-file');
    const seen: HitlRequest[] = [];
    broker.deliveries.subscribe((r) => seen.push(r));
    const r = answered(broker);
    now = 1500;
    broker.deliveries.report(r.id, { state: 'retrying', reason: 'EACCES: permission denied' });
    expect(broker.get(r.id)?.delivery).toEqual({
      state: 'retrying',
      reason: 'EACCES: permission denied',
      failures: 1,
      at: 1500,
    });
    expect(broker.deliveries.failing).toBe(1);
    now = 2000;
    expect(broker.deliveries.report(r.id, { state: 'delivered' })?.delivery).toEqual({
      state: 'delivered',
      failures: 1,
      at: 2000,
    });
    expect(broker.deliveries.report(r.id, { state: 'delivered' })).toBeUndefined();
    expect(broker.deliveries.report(r.id, { state: 'retrying', reason: 'late' })).toBeUndefined();
    expect(seen.map((s) => s.delivery?.state)).toEqual(['retrying', 'delivered']);
    expect(broker.deliveries.failing).toBe(0);
  });

  it('a retry failing again for the same reason is counted, and told every 10th time', () => {
    const broker = new Broker();
    broker.deliveries.expect('clarity-file');
    const told: number[] = [];
    broker.deliveries.subscribe((r) => told.push(r.delivery?.failures ?? 0));
    const r = answered(broker);
    for (let i = 0; i < 25; i += 1)
      broker.deliveries.report(r.id, { state: 'retrying', reason: 'EROFS' });
    expect(broker.get(r.id)?.delivery?.failures).toBe(25);
    expect(told).toEqual([1, 10, 20]);
    broker.deliveries.report(r.id, { state: 'retrying', reason: 'ENOSPC' });
    expect(told).toEqual([1, 10, 20, 26]);
  });

  it('ends undeliverable with its reason, and refuses unknown ids and malformed outcomes', () => {
    const broker = new Broker();
    broker.deliveries.expect('cueme');
    const r = answered(broker, 'cueme');
    broker.deliveries.report(r.id, { state: 'undeliverable', reason: 'the agent withdrew' });
    expect(broker.get(r.id)?.delivery?.state).toBe('undeliverable');
    expect(broker.deliveries.undelivered()).toEqual([]);
    expect(() => broker.deliveries.report('nope', { state: 'delivered' })).toThrow(NotFoundError);
    expect(() =>
      broker.deliveries.report(r.id, { state: 'retrying' } as unknown as DeliveryOutcome),
    ).toThrow(InvalidInputError);
  });

  it('a rule decision is not tracked (it is the reply of the exchange that asked)', () => {
    const broker = new Broker();
    broker.deliveries.expect('claude-code');
    const decided = broker.recordDecided(
      { source: 'claude-code', key: 'h1', prompt: 'Bash: ls' },
      { text: 'allow' },
    );
    expect(decided.delivery).toBeUndefined();
    expect(decided.resolvedAt).toBe(decided.createdAt);
  });

  it('logs answered, then delivery_failed once (first failure) and delivered once', async () => {
    const broker = new Broker();
    broker.deliveries.expect('clarity-file');
    const path = join(temp.path, 'audit.jsonl');
    const log = await AuditLog.open(path);
    log.attach(broker);
    const r = answered(broker);
    for (let i = 0; i < 3; i += 1)
      broker.deliveries.report(r.id, { state: 'retrying', reason: `ENOSPC ${i}` });
    broker.deliveries.report(r.id, { state: 'delivered' });
    broker.deliveries.report(r.id, { state: 'delivered' });
    await log.close();
    const lines = (await readFile(path, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as AuditEntry);
    expect(lines.map((l) => l.event)).toEqual([
      'added',
      'answered',
      'delivery_failed',
      'delivered',
    ]);
    expect(lines[2]).toMatchObject({ id: r.id, reason: 'ENOSPC 0' });
  });

  it('survives a restart: an answer still awaiting comes back undelivered, a delivered one not', () => {
    const stateDir = join(temp.path, 'state');
    const first = new Broker();
    first.deliveries.expect('clarity-file');
    const store = new RequestStore({ stateDir, flushDelayMs: 60_000 });
    store.attach(first);
    const waiting = answered(first);
    const done = answered(first);
    first.deliveries.report(waiting.id, { state: 'retrying', reason: 'EROFS' });
    first.deliveries.report(done.id, { state: 'delivered' });
    // No close(): only the journal has these changes, as after kill -9.
    const second = new Broker();
    new RequestStore({ stateDir }).attach(second);
    expect(second.deliveries.undelivered().map((r) => [r.id, r.delivery?.state])).toEqual([
      [waiting.id, 'retrying'],
    ]);
    expect(second.get(done.id)?.delivery?.state).toBe('delivered');
    store.close();
  });
});
