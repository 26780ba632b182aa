import { describe, expect, it } from 'vitest';
import { forHistory, isDurable } from '../../../../main/broker/persistence/durability';
import type { HitlRequest, Source } from '@contract/request';

const request = (source: Source, meta?: Record<string, unknown>): HitlRequest => ({
  id: 'id',
  source,
  key: 'k',
  prompt: 'q',
  input: { kind: 'text' },
  createdAt: 1,
  status: 'pending',
  ...(meta ? { meta } : {}),
});

describe('durability', () => {
  it('HTTP-mode requests and requests flagged meta.durable survive a restart; held ones do not', () => {
    expect(isDurable(request('clarity-http'))).toBe(true);
    expect(isDurable(request('questfoundry', { durable: true }))).toBe(true);
    for (const held of [
      'questfoundry',
      'tool-server-lite',
      'cueme',
      'mcp',
      'clarity-file',
    ] as const) {
      expect(isDurable(request(held, { envelope: {} })), held).toBe(false);
    }
    expect(isDurable(request('cueme', { durable: 'yes' })), 'only the boolean true counts').toBe(
      false,
    );
    expect(isDurable(request('clarity-http'), [])).toBe(false);
  });

  it('history drops adapter meta except for durable requests, which need it to answer a poll', () => {
    expect(forHistory(request('clarity-http', { pid: 7 }))).not.toHaveProperty('meta');
    expect(
      forHistory(request('questfoundry', { durable: true, envelope: { id: 'k' } })).meta,
    ).toEqual({ durable: true, envelope: { id: 'k' } });
  });
});
