import { describe, expect, it } from 'vitest';
import { MailboxProblems } from '../../../../main/adapters/cueme-mailbox/mailbox-problems';
import { UnreadableBoard } from '../../../../main/broker/unreadable-board';

const cue = (requestId: string, over: Record<string, unknown> = {}) => ({
  requestId,
  agentId: 'a',
  prompt: `Prompt ${requestId}`,
  promptLength: 9,
  payload: null,
  payloadLength: 0,
  createdAt: null,
  runtime: null,
  projectDir: null,
  terminal: null,
  ...over,
});

describe('MailboxProblems', () => {
  it('lists each bad row once and passes the good cues on; a row answered leaves the list', () => {
    const board = new UnreadableBoard();
    const problems = new MailboxProblems(board, '/h/cue.db');
    const good = problems.sort({
      cues: [cue('a'), cue('b', { agentId: 'x'.repeat(401) }), cue('c')],
      problems: [
        { rowId: 4, requestId: '', field: 'request_id', reason: 'its request_id is empty' },
      ],
    });
    expect(good.map((c) => c.requestId)).toEqual(['a', 'c']);
    expect(board.list().map((i) => [i.origin, i.field, i.reason])).toEqual([
      [
        '/h/cue.db, cue_requests row 4',
        'request_id',
        'This cue cannot be shown or answered here: its request_id is empty.',
      ],
      [
        '/h/cue.db, cue #1 (request_id b)',
        'agentId',
        expect.stringMatching(
          /^This cue cannot be shown or answered here: its agentId is not readable: /,
        ),
      ],
    ]);
    problems.sort({ cues: [cue('c')], problems: [] });
    expect(board.empty).toBe(true);
  });
});
