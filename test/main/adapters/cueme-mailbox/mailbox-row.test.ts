import { describe, expect, it } from 'vitest';
import { MAILBOX_LIMITS } from '../../../../main/adapters/cueme-mailbox/mailbox-limits';
import { cueFromRow } from '../../../../main/adapters/cueme-mailbox/mailbox-row';
import { MESSAGE_LIMITS } from '../../../../main/adapters/cueme-mailbox/worker-messages';
import { mailboxRequest } from '../../../../main/adapters/cueme-mailbox/mailbox-request';

const row = (over: Record<string, unknown> = {}) => ({
  row_id: 7,
  request_id: 'req-7',
  agent_id: 'agent',
  agent_id_length: 5,
  prompt: 'Ship it?',
  prompt_length: 8,
  payload: null,
  payload_length: null,
  created_at: '2026-11-27T10:00:00.000+00:00',
  ...over,
});

describe('cueFromRow', () => {
  it('turns a good row into a cue', () => {
    expect(cueFromRow(row())).toEqual({
      cue: {
        requestId: 'req-7',
        agentId: 'agent',
        prompt: 'Ship it?',
        promptLength: 8,
        payload: null,
        payloadLength: 0,
        createdAt: '2026-11-27T10:00:00.000+00:00',
        runtime: null,
        projectDir: null,
        terminal: null,
      },
    });
  });

  it.each([
    [{ request_id: '' }, 'request_id', 'its request_id is empty'],
    [{ request_id: null }, 'request_id', 'its request_id is empty'],
    [{ request_id: 'r'.repeat(201) }, 'request_id', 'its request_id is over 200 characters'],
    [
      { agent_id: 'a'.repeat(401), agent_id_length: 5000 },
      'agent_id',
      'its agent_id is 5,000 characters long (at most 400)',
    ],
    [{ prompt: new Uint8Array([1, 2]) }, 'prompt', 'its prompt is not text'],
  ])('names what makes row %j unusable', (over, field, reason) => {
    expect(cueFromRow(row(over))).toEqual({
      problem: expect.objectContaining({ rowId: 7, field, reason }),
    });
  });

  it('keeps the cut prompt and its full length; the request says it was cut', () => {
    const kept = 'p'.repeat(MAILBOX_LIMITS.prompt);
    const read = cueFromRow(row({ prompt: kept, prompt_length: 1_500_000 }));
    if (!('cue' in read)) throw new Error('expected a cue');
    expect(read.cue.promptLength).toBe(1_500_000);
    const request = mailboxRequest(read.cue);
    expect(request.prompt.startsWith(kept)).toBe(true);
    expect(request.prompt).toContain(
      '[Cut: the prompt is 1,500,000 characters long in the cueme mailbox; the first 100,000 are shown.]',
    );
  });

  it('leaves out a payload too long to read, and the request asks in plain text, saying so', () => {
    const read = cueFromRow(row({ payload: '{"type":"choi', payload_length: 250_000 }));
    if (!('cue' in read)) throw new Error('expected a cue');
    expect(read.cue.payload).toBeNull();
    const request = mailboxRequest(read.cue);
    expect(request.input).toEqual({ kind: 'text' });
    expect(request.prompt).toContain('(250,000 characters) is too long to read');
  });

  it('leaves out agent details over their limits', () => {
    const read = cueFromRow(row({ project_dir: '/p'.repeat(3000), agent_runtime: 'codex' }));
    expect(read).toMatchObject({ cue: { projectDir: null, runtime: 'codex' } });
  });
});

describe('the broker side limits', () => {
  it('match the worker limits (restated so the worker stays one file)', () => {
    const { cues, ...rest } = MESSAGE_LIMITS;
    expect(rest).toEqual(MAILBOX_LIMITS);
    expect(cues).toBe(500);
  });
});
