import { describe, expect, it } from 'vitest';
import { AnswerDelivery } from '../../../../main/adapters/clarity-file/answer-delivery';
import { UnreadableBoard } from '../../../../main/broker/unreadable-board';
import { waitFor } from '../../../support/wait-for';

const fault = (code: string) => Object.assign(new Error(`${code}: no`), { code });

function setUp(giveUpMs = 60_000) {
  const board = new UnreadableBoard();
  const errors: unknown[] = [];
  const delivery = new AnswerDelivery(board, (error) => errors.push(error), {
    firstMs: 5,
    maxMs: 20,
    giveUpMs,
  });
  return { board, errors, delivery };
}

describe('AnswerDelivery', () => {
  it('a failed write is an item and a failure until a retry lands', async () => {
    const { board, errors, delivery } = setUp();
    let tries = 0;
    const attempt = async () => {
      if (++tries < 4) throw fault('EACCES');
      return 'delivered' as const;
    };
    await delivery.deliver('r1', '/hs/deploy.answer', attempt);
    expect(errors).toHaveLength(1);
    expect(delivery.failure('r1')).toBe('EACCES: no');
    expect(board.list()).toMatchObject([
      {
        id: 'delivery:/hs/deploy.answer',
        origin: '/hs/deploy.answer',
        reason: 'deploy.answer answered, not yet delivered: EACCES: no; retrying',
      },
    ]);
    await waitFor(() => tries === 4 && board.empty, 'the retry that lands');
    expect(delivery.failure('r1')).toBeUndefined();
  });

  it('a question withdrawn meanwhile ends it visibly; the give-up time ends the retries', async () => {
    const { board, delivery } = setUp();
    await delivery.deliver(
      'r1',
      '/hs/a.answer',
      async () => {
        throw fault('ENOSPC');
      },
      async () => 'withdrawn',
    );
    await waitFor(
      () => /never delivered: the question was withdrawn/.test(board.list()[0]?.reason ?? ''),
      'withdrawn',
    );
    const quitting = setUp(0);
    await quitting.delivery.deliver('r2', '/hs/b.answer', async () => {
      throw fault('EIO');
    });
    expect(quitting.board.list()[0]?.reason).toBe(
      'b.answer answered, never delivered: EIO: no; gave up after 1 tries',
    );
    expect(quitting.delivery.failure('r2')).toBeUndefined();
  });

  it('close stops the retries and takes the items away', async () => {
    const { board, delivery } = setUp();
    let tries = 0;
    await delivery.deliver('r1', '/hs/a.answer', async () => {
      tries++;
      throw fault('EROFS');
    });
    delivery.close();
    expect(board.empty).toBe(true);
    const before = tries;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(tries).toBe(before);
  });

  it('a change seen at the file name retries at once, not at the next backoff step', async () => {
    const board = new UnreadableBoard();
    const delivery = new AnswerDelivery(board, () => undefined, { firstMs: 60_000 });
    let blocked = true;
    await delivery.deliver('r1', '/hs/a.answer', async () => {
      if (blocked) throw fault('EISDIR');
      return 'delivered';
    });
    expect(delivery.active).toBe(true);
    blocked = false;
    delivery.nudge('/hs/other.answer');
    expect(delivery.failure('r1')).toBe('EISDIR: no');
    delivery.nudge('/hs/a.answer');
    await waitFor(() => board.empty, 'the nudged retry');
    expect(delivery.active).toBe(false);
  });
});
