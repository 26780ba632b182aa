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

  it('an event goes to the listeners subscribed when it starts: one added meanwhile hears the next, one removed meanwhile still hears it', () => {
    const bus = new BrokerEventBus(0, Date.now);
    const heard: string[] = [];
    let offLate: (() => void) | undefined;
    const offFirst = bus.subscribe((e) => {
      heard.push(`first ${e.seq}`);
      offLate ??= bus.subscribe((later) => heard.push(`late ${later.seq}`));
      offSecond();
    });
    const offSecond = bus.subscribe((e) => heard.push(`second ${e.seq}`));
    bus.emit('added', request);
    bus.emit('updated', request);
    expect(heard).toEqual(['first 1', 'second 1', 'first 2', 'late 2']);
    offFirst();
    offLate?.();
    bus.emit('answered', request);
    expect(heard).toHaveLength(4);
  });

  it('a listener subscribed twice hears each event once', () => {
    const bus = new BrokerEventBus(0, Date.now);
    let heard = 0;
    const listener = () => void heard++;
    const off = bus.subscribe(listener);
    bus.subscribe(listener);
    bus.emit('added', request);
    expect(heard).toBe(1);
    off();
    bus.emit('added', request);
    expect(heard).toBe(1);
  });
});
