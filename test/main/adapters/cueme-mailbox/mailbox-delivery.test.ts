import { afterEach, describe, expect, it } from 'vitest';
import { MailboxDelivery } from '../../../../main/adapters/cueme-mailbox/mailbox-delivery';
import type { WorkerCommand } from '../../../../main/adapters/cueme-mailbox/worker-messages';
import { Broker } from '../../../../main/broker/broker';
import { waitFor } from '../../../support/wait-for';

const answer: WorkerCommand = { op: 'answer', requestId: 'r1', text: 'yes' };

describe('MailboxDelivery', () => {
  let deliveries: MailboxDelivery[] = [];
  afterEach(() => {
    for (const d of deliveries) d.close();
    deliveries = [];
  });
  /** A broker with the cue `r1` answered, and a delivery posting through `post`. */
  const setUp = (post: (command: WorkerCommand) => boolean, now?: () => number) => {
    const broker = new Broker();
    broker.deliveries.expect('cueme');
    const { id } = broker.add({ source: 'cueme', key: 'r1', prompt: 'Ship it?' });
    broker.answer(id, { text: 'yes' });
    const sinks = { ledger: broker.deliveries, board: broker.unreadable };
    const delivery = new MailboxDelivery(
      sinks,
      '/h/.cue/cue.db',
      post,
      { firstMs: 5, giveUpMs: 100 },
      now,
    );
    deliveries.push(delivery);
    return { broker, delivery, id, state: () => broker.get(id)?.delivery };
  };

  it('a failed write is retrying (visible, with the reason) until it lands: delivered', async () => {
    const posted: WorkerCommand[] = [];
    const { broker, delivery, id, state } = setUp((command) => (posted.push(command), true));
    delivery.deliver(answer, { id, verb: 'answered' });
    delivery.outcome('r1', { ok: false, detail: 'database is locked' });
    expect(state()).toMatchObject({ state: 'retrying', reason: 'database is locked' });
    expect(broker.unreadable.list().map((i) => i.reason)).toEqual([
      'answered, not yet delivered: database is locked; retrying (1 failed)',
    ]);
    await waitFor(() => posted.length === 2, 'the retry');
    expect(posted[1]).toEqual(answer);
    delivery.outcome('r1', { ok: true });
    expect(state()?.state).toBe('delivered');
    expect(broker.unreadable.empty).toBe(true);
    expect(delivery.pending('r1')).toBe(false);
  });

  it('retries while the mailbox is not served, and says so', async () => {
    let served = false;
    const posted: WorkerCommand[] = [];
    const { delivery, id, state } = setUp((command) => served && (posted.push(command), true));
    delivery.deliver(answer, { id, verb: 'answered' });
    expect(state()).toMatchObject({ state: 'retrying', reason: 'the mailbox is not served' });
    served = true;
    await waitFor(() => posted.length === 1, 'the retry once served');
  });

  it('an answer the cue never got (answered elsewhere) ends undeliverable, visibly', () => {
    const { broker, delivery, id, state } = setUp(() => true);
    delivery.deliver(answer, { id, verb: 'answered' });
    delivery.outcome('r1', { ok: false, elsewhere: true, detail: 'the cue already had an answer' });
    expect(state()).toMatchObject({
      state: 'undeliverable',
      reason: 'the cue already had an answer',
    });
    expect(broker.unreadable.list()[0]?.reason).toBe(
      'answered, never delivered: the cue already had an answer',
    );
    expect(delivery.pending('r1')).toBe(false);
  });

  it('a failing cancel is a could-not-read item; one of a cue answered elsewhere is no news', () => {
    const { broker, delivery } = setUp(() => true);
    delivery.deliver({ op: 'cancel', requestId: 'c1' }, { id: 'x', verb: 'cancelled' });
    delivery.outcome('c1', { ok: false, detail: 'database is locked' });
    expect(broker.unreadable.list().map((i) => i.reason)).toEqual([
      'cancelled, not yet delivered: database is locked; retrying',
    ]);
    delivery.outcome('c1', { ok: false, elsewhere: true, detail: 'the cue already had an answer' });
    expect(broker.unreadable.empty).toBe(true);
  });

  it('gives up after the give-up time, saying so', () => {
    let now = 0;
    const { delivery, id, state } = setUp(
      () => true,
      () => now,
    );
    delivery.deliver(answer, { id, verb: 'answered' });
    now = 200;
    delivery.outcome('r1', { ok: false, detail: 'attempt to write a readonly database' });
    expect(state()).toMatchObject({
      state: 'undeliverable',
      reason: 'attempt to write a readonly database; gave up after 1 tries',
    });
    expect(delivery.pending('r1')).toBe(false);
  });
});

describe('MailboxDelivery with a worker that never reports', () => {
  it('counts the write as failed after replyMs and tries again', async () => {
    const broker = new Broker();
    broker.deliveries.expect('cueme');
    const { id } = broker.add({ source: 'cueme', key: 'r1', prompt: 'Ship it?' });
    broker.answer(id, { text: 'yes' });
    const posted: WorkerCommand[] = [];
    const delivery = new MailboxDelivery(
      { ledger: broker.deliveries, board: broker.unreadable },
      '/db',
      (command) => (posted.push(command), true),
      { firstMs: 5, replyMs: 20 },
    );
    try {
      delivery.deliver(answer, { id, verb: 'answered' });
      await waitFor(() => posted.length >= 2, 'the write tried again');
      expect(broker.get(id)?.delivery).toMatchObject({
        state: 'retrying',
        reason: 'the mailbox worker did not report the write',
      });
      delivery.outcome('r1', { ok: true });
      expect(broker.get(id)?.delivery?.state).toBe('delivered');
    } finally {
      delivery.close();
    }
  });
});
