import { describe, expect, it } from 'vitest';
import { AnswerDelivery } from '../../../../main/adapters/clarity-file/answer-delivery';
import { Broker } from '../../../../main/broker/broker';
import { waitFor } from '../../../support/wait-for';

const fault = (code: string) => Object.assign(new Error(`${code}: no`), { code });

/** A real broker with answered clarity-file requests, and an AnswerDelivery reporting to it. */
function setUp(giveUpMs = 60_000, firstMs = 5) {
  const broker = new Broker();
  broker.deliveries.expect('clarity-file');
  const errors: unknown[] = [];
  const delivery = new AnswerDelivery(broker.deliveries, (error) => errors.push(error), {
    firstMs,
    maxMs: 20,
    giveUpMs,
  });
  const answered = (key: string) => {
    const r = broker.add({ source: 'clarity-file', key, prompt: `${key}?` });
    return broker.answer(r.id, { text: 'yes' }).id;
  };
  const state = (id: string) => broker.get(id)?.delivery;
  return { broker, errors, delivery, answered, state };
}

describe('AnswerDelivery', () => {
  it('a first write that lands is delivered at once', async () => {
    const { delivery, answered, state } = setUp();
    const id = answered('deploy');
    await delivery.deliver(id, '/hs/deploy.answer', async () => 'delivered');
    expect(state(id)?.state).toBe('delivered');
  });

  it('a failed write is retrying (shown in the inbox) until a retry lands, then delivered', async () => {
    const { broker, errors, delivery, answered, state } = setUp();
    const id = answered('deploy');
    let tries = 0;
    const attempt = async () => {
      if (++tries < 4) throw fault('EACCES');
      return 'delivered' as const;
    };
    await delivery.deliver(id, '/hs/deploy.answer', attempt);
    expect(errors).toHaveLength(1);
    expect(delivery.failure(id)).toBe('EACCES: no');
    expect(state(id)).toMatchObject({ state: 'retrying', reason: 'EACCES: no', failures: 1 });
    expect(broker.unreadable.list()).toMatchObject([
      {
        kind: 'undelivered',
        requestId: id,
        answer: 'yes',
        reason: 'answered, not yet delivered: EACCES: no; retrying (1 failed)',
      },
    ]);
    await waitFor(() => state(id)?.state === 'delivered', 'the retry that lands');
    expect(tries).toBe(4);
    expect(broker.unreadable.empty).toBe(true);
    expect(delivery.failure(id)).toBeUndefined();
  });

  it('a question withdrawn meanwhile ends it visibly; the give-up time ends the retries', async () => {
    const { broker, delivery, answered, state } = setUp();
    const id = answered('a');
    await delivery.deliver(
      id,
      '/hs/a.answer',
      async () => {
        throw fault('ENOSPC');
      },
      async () => 'withdrawn',
    );
    await waitFor(() => state(id)?.state === 'undeliverable', 'withdrawn');
    expect(state(id)?.reason).toBe('the question was withdrawn (ENOSPC: no)');
    expect(broker.unreadable.list()[0]?.reason).toBe(
      'answered, never delivered: the question was withdrawn (ENOSPC: no)',
    );
    const quitting = setUp(0);
    const id2 = quitting.answered('b');
    await quitting.delivery.deliver(id2, '/hs/b.answer', async () => {
      throw fault('EIO');
    });
    expect(quitting.state(id2)).toMatchObject({
      state: 'undeliverable',
      reason: 'EIO: no; gave up after 1 tries',
    });
    expect(quitting.delivery.failure(id2)).toBeUndefined();
  });

  it('close stops the retries; the request stays undelivered for the next start', async () => {
    const { delivery, answered, state } = setUp(60_000, 60_000);
    const id = answered('a');
    let tries = 0;
    await delivery.deliver(id, '/hs/a.answer', async () => {
      tries++;
      throw fault('EROFS');
    });
    delivery.close();
    expect(delivery.active).toBe(false);
    expect(state(id)?.state).toBe('retrying');
    delivery.nudge('/hs/a.answer');
    expect(tries).toBe(1);
  });

  it('a change seen at the file name retries at once, not at the next backoff step', async () => {
    const { delivery, answered, state } = setUp(60_000, 60_000);
    const id = answered('a');
    let blocked = true;
    await delivery.deliver(id, '/hs/a.answer', async () => {
      if (blocked) throw fault('EISDIR');
      return 'delivered';
    });
    expect(delivery.active).toBe(true);
    blocked = false;
    delivery.nudge('/hs/other.answer');
    expect(delivery.failure(id)).toBe('EISDIR: no');
    delivery.nudge('/hs/a.answer');
    await waitFor(() => state(id)?.state === 'delivered', 'the nudged retry');
    expect(delivery.active).toBe(false);
  });
});
