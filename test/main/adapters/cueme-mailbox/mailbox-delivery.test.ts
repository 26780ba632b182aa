import { afterEach, describe, expect, it } from 'vitest';
import { MailboxDelivery } from '../../../../main/adapters/cueme-mailbox/mailbox-delivery';
import type { WorkerCommand } from '../../../../main/adapters/cueme-mailbox/worker-messages';
import { UnreadableBoard } from '../../../../main/broker/unreadable-board';
import { waitFor } from '../../../support/wait-for';

const answer: WorkerCommand = { op: 'answer', requestId: 'r1', text: 'yes' };

describe('MailboxDelivery', () => {
  let deliveries: MailboxDelivery[] = [];
  afterEach(() => {
    for (const d of deliveries) d.close();
    deliveries = [];
  });
  const setUp = (post: (command: WorkerCommand) => boolean, now?: () => number) => {
    const board = new UnreadableBoard();
    const delivery = new MailboxDelivery(board, '/h/.cue/cue.db', post, { firstMs: 5 }, now);
    deliveries.push(delivery);
    return { board, delivery };
  };

  it('shows a failed write, retries it and takes the item away once it lands', async () => {
    const posted: WorkerCommand[] = [];
    const { board, delivery } = setUp((command) => (posted.push(command), true));
    delivery.deliver(answer, 'answered');
    delivery.outcome('r1', { ok: false, detail: 'database is locked' });
    expect(board.list().map((i) => i.reason)).toEqual([
      'cue r1 answered, not yet delivered: database is locked; retrying',
    ]);
    expect(delivery.pending('r1')).toBe(true);
    await waitFor(() => posted.length === 2, 'the retry');
    expect(posted[1]).toEqual(answer);
    delivery.outcome('r1', { ok: true });
    expect(board.empty).toBe(true);
    expect(delivery.pending('r1')).toBe(false);
  });

  it('retries while the mailbox is not served, and says so', async () => {
    let served = false;
    const posted: WorkerCommand[] = [];
    const { board, delivery } = setUp((command) => served && (posted.push(command), true));
    delivery.deliver(answer, 'answered');
    expect(board.list()[0]?.reason).toBe(
      'cue r1 answered, not yet delivered: the mailbox is not served; retrying',
    );
    served = true;
    await waitFor(() => posted.length === 1, 'the retry once served');
  });

  it('an answer the cue never got (answered elsewhere) stays visible as never delivered', () => {
    const { board, delivery } = setUp(() => true);
    delivery.deliver(answer, 'answered');
    delivery.outcome('r1', { ok: false, elsewhere: true, detail: 'the cue already had an answer' });
    expect(board.list()[0]?.reason).toBe(
      'cue r1 answered, never delivered: the cue already had an answer',
    );
    expect(delivery.pending('r1')).toBe(false);
  });

  it('a cancel of a cue already answered elsewhere is no news', () => {
    const { board, delivery } = setUp(() => true);
    delivery.deliver({ op: 'cancel', requestId: 'r1' }, 'cancelled');
    delivery.outcome('r1', { ok: false, elsewhere: true, detail: 'already' });
    expect(board.empty).toBe(true);
  });

  it('gives up after the give-up time, saying so', () => {
    let now = 0;
    const board = new UnreadableBoard();
    const delivery = new MailboxDelivery(
      board,
      '/db',
      () => true,
      { giveUpMs: 100 },
      () => now,
    );
    deliveries.push(delivery);
    delivery.deliver(answer, 'answered');
    now = 200;
    delivery.outcome('r1', { ok: false, detail: 'attempt to write a readonly database' });
    expect(board.list()[0]?.reason).toBe(
      'cue r1 answered, never delivered: attempt to write a readonly database; gave up after 1 tries',
    );
    expect(delivery.pending('r1')).toBe(false);
  });
});
