import { describe, expect, it } from 'vitest';
import { parseListedSnapshot } from '../../../renderer/src/client/listed-snapshot';
import { parseInboxEvent } from '../../../renderer/src/client/parse-inbox-event';

const listed = (over: Record<string, unknown> = {}) => ({
  id: 'r1',
  source: 'clarity-file',
  key: 'k1',
  prompt: 'Ship it?',
  createdAt: 1,
  status: 'pending',
  input: { kind: 'text' },
  ...over,
});

describe('parseListedSnapshot', () => {
  it('accepts what the zod ListedRequestSchema accepts, and keeps the total of a page', () => {
    const json = {
      seq: 7,
      total: 10_000,
      pending: [listed(), listed({ id: 'r2', agent: { id: 'a', name: 'Claude' }, title: 'T' })],
    };
    const light = parseListedSnapshot(json);
    expect(light).toEqual(parseInboxEvent('snapshot', '', undefined, json));
    expect(light).toMatchObject({ type: 'snapshot', seq: 7, total: 10_000 });
  });

  it('rejects, as the zod check does, each way a listed request can be wrong', () => {
    const bad = [
      listed({ id: '' }),
      listed({ key: 3 }),
      listed({ source: 'smtp' }),
      listed({ status: 'done' }),
      listed({ prompt: undefined }),
      listed({ createdAt: '1' }),
      listed({ title: 5 }),
      listed({ agent: { name: 'no id' } }),
      listed({ agent: 'claude' }),
      'not an object',
    ];
    for (const item of bad) {
      const json = { seq: 1, pending: [item] };
      expect(parseListedSnapshot(json), JSON.stringify(item)).toBeUndefined();
      expect(
        parseInboxEvent('snapshot', '', undefined, json),
        JSON.stringify(item),
      ).toBeUndefined();
    }
    expect(parseListedSnapshot({ seq: '1', pending: [] })).toBeUndefined();
    expect(parseListedSnapshot({ seq: 1, pending: [], total: -1 })).toBeUndefined();
    expect(parseListedSnapshot(null)).toBeUndefined();
  });
});
