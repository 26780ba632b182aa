import { describe, expect, it } from 'vitest';
import { Broker } from '../../../main/broker/broker';
import {
  questionListJson,
  questionListPieces,
  streamsList,
} from '../../../main/http/question-list-json';
import { toQuestionSummary } from '../../../main/http/views';

describe('questionListJson', () => {
  it('gives what toQuestionSummary gives, ages counted from now, after updates too', () => {
    const broker = new Broker({ now: () => 1_000_000 });
    broker.add({ source: 'clarity-http', key: 'a "quoted" key', prompt: 'Ship? 中文 🚀\n- x' });
    const withPid = broker.add({
      source: 'clarity-file',
      key: 'k2',
      prompt: 'p',
      createdAt: 990_500,
      meta: { pid: 42 },
    });
    const expected = (now: number) => broker.pending().map((r) => toQuestionSummary(r, now));

    expect(JSON.parse(questionListJson(broker.pending(), 1_000_000))).toEqual(expected(1_000_000));
    // The cached part is reused; only the ages move.
    expect(JSON.parse(questionListJson(broker.pending(), 1_065_400))).toEqual(expected(1_065_400));
    broker.update(withPid.id, { title: 'now titled', prompt: 'a new prompt' });
    const after = JSON.parse(questionListJson(broker.pending(), 1_070_000));
    expect(after).toEqual(expected(1_070_000));
    expect(after[1]).toMatchObject({ question: 'a new prompt', pid: 42, age: 79, ageSeconds: 79 });
    expect(questionListJson([], 0)).toBe('[]');
    broker.close();
  });

  it('a long list goes out in pieces that join to the same body', () => {
    const broker = new Broker({ now: () => 5_000_000 });
    for (let i = 0; i < 2500; i++)
      broker.add({ source: 'cueme', key: `k${i}`, prompt: `q ${i}`, createdAt: 4_000_000 + i });
    const pending = broker.pending();
    const pieces = [...questionListPieces(pending, 5_000_000)];
    expect(pieces).toHaveLength(3);
    expect(pieces.join('')).toBe(questionListJson(pending, 5_000_000));
    expect(JSON.parse(pieces.join(''))).toHaveLength(2500);
    for (const count of [0, 1, 1000, 1001])
      expect([...questionListPieces(pending.slice(0, count), 5_000_000)].join('')).toBe(
        questionListJson(pending.slice(0, count), 5_000_000),
      );
    expect(streamsList(1000)).toBe(false);
    expect(streamsList(1001)).toBe(true);
    broker.close();
  });
});
