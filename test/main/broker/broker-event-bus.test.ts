import { describe, expect, it } from 'vitest';
import { BrokerEventBus } from '../../../main/broker/broker-event-bus';
import type { HitlRequest } from '@contract/request';

const request = { id: 'r1', key: 'k' } as HitlRequest;

describe('BrokerEventBus', () => {
  it('numbers events from the first sequence given, stamps them, and stops telling the unsubscribed', () => {
    const bus = new BrokerEventBus(41, () => 1000);
    const seen: Array<[number, string, number]> = [];
    const off = bus.subscribe((e) => seen.push([e.seq, e.type, e.at]));
    bus.emit('added', request);
    off();
    bus.emit('answered', request);
    expect(seen).toEqual([[42, 'added', 1000]]);
    expect(bus.lastSeq).toBe(43);
  });

  it('a listener that throws is reported, and the others still hear the event', () => {
    const errors: unknown[] = [];
    const bus = new BrokerEventBus(0, Date.now, (e) => errors.push(e));
    const heard: string[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe((e) => heard.push(e.type));
    bus.emit('cancelled', request);
    expect(heard).toEqual(['cancelled']);
    expect(errors).toEqual([new Error('boom')]);
  });
});
