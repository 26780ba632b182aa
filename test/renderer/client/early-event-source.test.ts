import { describe, expect, it } from 'vitest';
import {
  EarlyEventSource,
  firstTheEarlyStream,
} from '../../../renderer/src/client/early-event-source';
import { FakeStream } from './fake-event-source';

function attach(early: EarlyEventSource, log: string[]): void {
  early.onopen = () => log.push('open');
  early.onerror = () => log.push('error');
  for (const name of ['snapshot', 'new_question'])
    early.addEventListener(name, (m) =>
      log.push(`${name}:${m.lastEventId}:${m.json === undefined ? 'text' : 'parsed'}`),
    );
}

describe('EarlyEventSource', () => {
  it('replays what happened before the client attached, in order, with the snapshot already parsed', async () => {
    const source = new FakeStream();
    const early = new EarlyEventSource(source as unknown as EventSource);
    source.open();
    source.emit('snapshot', { seq: 1, pending: [] }, '1');
    source.emit('new_question', { request: {} }, '2');
    const log: string[] = [];
    attach(early, log);
    expect(log).toEqual([]);
    await Promise.resolve();
    expect(log).toEqual(['open', 'snapshot:1:parsed', 'new_question:2:text']);
    expect(early.readyState).toBe(1);
  });

  it('hands the first snapshot, parsed, to onFirstSnapshot once, only before the client attaches', async () => {
    const source = new FakeStream();
    const seen: unknown[] = [];
    new EarlyEventSource(source as unknown as EventSource, (s) => seen.push(s));
    source.emit('snapshot', { seq: 1, pending: [], total: 0 }, '1');
    source.emit('snapshot', { seq: 2, pending: [], total: 0 }, '2');
    expect(seen).toEqual([{ seq: 1, pending: [], total: 0 }]);

    const late = new FakeStream();
    const lateSeen: unknown[] = [];
    const attached = new EarlyEventSource(late as unknown as EventSource, (s) => lateSeen.push(s));
    attach(attached, []);
    await Promise.resolve();
    late.emit('snapshot', { seq: 3, pending: [] }, '3');
    expect(lateSeen).toEqual([]);
  });

  it('passes events straight through once attached, and close() closes the stream', async () => {
    const source = new FakeStream();
    const early = new EarlyEventSource(source as unknown as EventSource);
    const log: string[] = [];
    attach(early, log);
    await Promise.resolve();
    source.open();
    source.emit('new_question', { request: {} }, '5');
    source.onerror?.({});
    expect(log).toEqual(['open', 'new_question:5:text', 'error']);
    early.close();
    expect(source.closed).toBe(true);
  });
});

describe('firstTheEarlyStream', () => {
  it('hands out the early stream once for its URL, then opens fresh ones', () => {
    const early = new EarlyEventSource(new FakeStream() as unknown as EventSource);
    const opened: string[] = [];
    const factory = firstTheEarlyStream(early, '/events', (url) => {
      opened.push(url);
      return new FakeStream();
    });
    expect(factory('/events')).toBe(early);
    expect(factory('/events')).not.toBe(early);
    expect(opened).toEqual(['/events']);
  });
});
