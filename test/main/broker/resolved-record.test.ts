import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { resolvedRecord } from '../../../main/broker/resolved-record';
import { fastProperties, sameHiddenClass } from '../../support/v8-shapes';

const pending = (i: number): HitlRequest => ({
  id: `id-${i}`,
  source: 'clarity-http',
  key: `k-${i}`,
  prompt: 'Ship it?',
  createdAt: 1_000,
  input: { kind: 'text' },
  status: 'pending',
});

const answered = {
  status: 'answered',
  answer: { text: 'yes' },
  resolvedBy: 'ui',
  operator: undefined,
  cancelReason: undefined,
} as Partial<HitlRequest>;

describe('resolvedRecord', () => {
  it('merges the patch, stamps resolvedAt and drops the unset optional fields', () => {
    const record = resolvedRecord(pending(1), answered, 2_000);
    expect(record).toEqual({
      ...pending(1),
      status: 'answered',
      answer: { text: 'yes' },
      resolvedBy: 'ui',
      resolvedAt: 2_000,
    });
    expect(Object.keys(record)).not.toContain('operator');
    expect(Object.keys(record)).not.toContain('cancelReason');
    expect(Object.keys(record)).not.toContain('resolvedOn');
  });

  it('keeps what the patch sets, and names the instance unless the patch says where', () => {
    const cancelled = {
      status: 'cancelled',
      resolvedBy: 'ui',
      cancelReason: 'stale',
      operator: 'ana',
    };
    const record = resolvedRecord(pending(2), cancelled as Partial<HitlRequest>, 3_000, 'laptop');
    expect(record).toMatchObject({ cancelReason: 'stale', operator: 'ana', resolvedOn: 'laptop' });
    const elsewhere = { ...answered, resolvedOn: 'desk' };
    expect(resolvedRecord(pending(3), elsewhere, 3_000, 'laptop').resolvedOn).toBe('desk');
  });

  it('leaves the request it was given as it was', () => {
    const request = pending(4);
    resolvedRecord(request, answered, 2_000);
    expect(request).toEqual(pending(4));
  });

  // The history keeps up to 10,000 of these: a deleted field made each one a hash table.
  it('keeps records fast-propertied and sharing one hidden class', () => {
    const records = Array.from({ length: 200 }, (_, i) => resolvedRecord(pending(i), answered, i));
    expect(records.every((record) => fastProperties(record))).toBe(true);
    expect(records.every((record) => sameHiddenClass(records[0]!, record))).toBe(true);
  });
});
