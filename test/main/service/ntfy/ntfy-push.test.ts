import { afterEach, describe, expect, it, vi } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import type { NtfyHttpAction } from '../../../../main/service/ntfy/ntfy-message';
import { NtfyPush } from '../../../../main/service/ntfy/ntfy-push';
import { startFakeNtfy } from './fake-ntfy-server';

// ntfy itself cannot be reached or installed on these machines: a local server implements the
// documented parts the broker uses (JSON publishing, posting to a topic, the JSON stream + since).
const SECRET = 'operator-secret-'.repeat(4);
const TOKEN = 'tk_ntfyaccesstoken';
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

async function setUp(retryMs = 20, idleMs?: number) {
  const ntfy = await startFakeNtfy(TOKEN);
  const broker = new Broker();
  const warnings: string[] = [];
  const push = new NtfyPush({
    broker,
    ntfy: { url: `${ntfy.url}hitl-x7Kq9`, token: TOKEN },
    operatorSecret: SECRET,
    publicUrl: 'https://hitl.example.ts.net/',
    onWarning: (message) => warnings.push(message),
    retryMs,
    ...(idleMs ? { idleMs } : {}),
  });
  cleanups.push(
    ntfy.close,
    () => push.close(),
    () => broker.close(),
  );
  await push.replies.ready;
  return { ntfy, broker, push, warnings };
}

/** Presses a button as the ntfy app does: its method, URL, headers and body, nothing else. */
async function press(action: NtfyHttpAction): Promise<void> {
  const response = await fetch(action.url, { method: action.method, body: action.body });
  expect(response.status).toBe(200);
}

function approval(broker: Broker, key = 'a') {
  return broker.add({
    source: 'claude-code',
    key,
    prompt: 'Run it?',
    agent: { id: 'c1', name: 'Claude' },
    context: 'HISTORY-STAYS-HOME',
    input: { kind: 'approval', tool: 'Bash', command: 'npm publish' },
  });
}

async function published(ntfy: Awaited<ReturnType<typeof startFakeNtfy>>, push: NtfyPush) {
  await push.settled();
  return ntfy.on('hitl-x7Kq9');
}

describe('ntfy push with one-tap answers', () => {
  it('publishes an approval with Allow once / Deny (never Always); Allow answers as the operator via the phone, and the message is replaced', async () => {
    const { ntfy, broker, push } = await setUp();
    const request = approval(broker);
    const [message] = await published(ntfy, push);
    expect(message).toMatchObject({
      title: 'Claude: approval',
      message: 'Bash: npm publish',
      priority: 4,
      click: `https://hitl.example.ts.net/?request=${request.id}`,
    });
    const actions = message!.actions as NtfyHttpAction[];
    expect(actions.map((a) => a.label)).toEqual(['Allow once', 'Deny']);
    expect(actions.every((a) => a.url === `${ntfy.url}hitl-x7Kq9-reply`)).toBe(true);
    const raw = JSON.stringify(message);
    for (const secret of [SECRET, TOKEN, 'HISTORY-STAYS-HOME']) expect(raw).not.toContain(secret);

    await press(actions[0]!);
    const answered = await broker.waitForResolution(request.id);
    expect(answered.answer?.value).toEqual({ kind: 'approval', decision: 'allow' });
    expect(answered.via).toBe('phone (ntfy)');
    await vi.waitFor(() => expect(ntfy.on('hitl-x7Kq9')).toHaveLength(2));
    const update = ntfy.on('hitl-x7Kq9')[1]!;
    expect(update.sequence_id).toBe(message!.sequence_id);
    expect(update.actions).toBeUndefined();
    expect(update.title).toBe('Claude: answered via phone (ntfy)');
  });

  it('Yes / No for a confirm, the first three options for a choice', async () => {
    const { ntfy, broker, push } = await setUp();
    const confirm = broker.add({
      source: 'clarity-http',
      key: 'c',
      prompt: 'Ship?',
      input: { kind: 'confirm' },
    });
    const choice = broker.add({
      source: 'clarity-http',
      key: 'd',
      prompt: 'Which?',
      input: {
        kind: 'choice',
        options: ['red', 'green', 'blue', 'black'].map((v) => ({
          value: v,
          label: v.toUpperCase(),
        })),
      },
    });
    const [confirmMessage, choiceMessage] = await published(ntfy, push);
    const confirmActions = confirmMessage!.actions as NtfyHttpAction[];
    const choiceActions = choiceMessage!.actions as NtfyHttpAction[];
    expect(confirmActions.map((a) => a.label)).toEqual(['Yes', 'No']);
    expect(choiceActions.map((a) => a.label)).toEqual(['RED', 'GREEN', 'BLUE']);
    await press(confirmActions[1]!);
    await press(choiceActions[1]!);
    expect((await broker.waitForResolution(confirm.id)).answer?.value).toEqual({
      kind: 'confirm',
      confirmed: false,
    });
    expect((await broker.waitForResolution(choice.id)).answer?.value).toEqual({
      kind: 'choice',
      selected: ['green'],
    });
  });

  it("refuses a replay, another request's id, a tampered decision, a forged code and an expired request", async () => {
    const { ntfy, broker, push, warnings } = await setUp();
    const first = approval(broker, 'first');
    const second = approval(broker, 'second');
    const expiring = approval(broker, 'expiring');
    const messages = await published(ntfy, push);
    const [allowFirst, denyFirst] = messages[0]!.actions as NtfyHttpAction[];
    const refusedAfter = async (body: string, why: string) => {
      const before = warnings.length;
      await press({ ...allowFirst!, body });
      await vi.waitFor(() => expect(warnings.slice(before).join()).toContain(why));
    };
    const [v, , decision, nonce, mac] = allowFirst!.body.split('.');
    const otherId = Buffer.from(second.id).toString('base64url');
    await refusedAfter([v, otherId, decision, nonce, mac].join('.'), 'tampered');
    await refusedAfter(
      [v, allowFirst!.body.split('.')[1], 'deny', nonce, mac].join('.'),
      'tampered',
    );
    await refusedAfter(`${allowFirst!.body}x`, 'tampered');
    await refusedAfter('v1.not.a.real.code', 'malformed');
    expect(broker.get(first.id)?.status).toBe('pending');
    expect(broker.get(second.id)?.status).toBe('pending');

    await press(denyFirst!);
    expect((await broker.waitForResolution(first.id)).answer?.value).toMatchObject({
      decision: 'deny',
    });
    await refusedAfter(denyFirst!.body, 'unknown-or-used');
    await refusedAfter(allowFirst!.body, 'unknown-or-used');
    expect(broker.get(first.id)?.answer?.value).toMatchObject({ decision: 'deny' });

    broker.expire(expiring.id);
    await refusedAfter((messages[2]!.actions as NtfyHttpAction[])[0]!.body, 'unknown-or-used');
    expect(broker.get(expiring.id)?.status).toBe('expired');
  });

  it('a request answered in the inbox clears its buttons: its message is replaced, its codes are void', async () => {
    const { ntfy, broker, push, warnings } = await setUp();
    const request = approval(broker);
    const [message] = await published(ntfy, push);
    await broker.answerShared(request.id, { value: { kind: 'approval', decision: 'deny' } }, 'ui', {
      authority: 'operator',
      via: 'web-session',
    });
    const [, update] = await published(ntfy, push);
    expect(update).toMatchObject({
      sequence_id: message!.sequence_id,
      title: 'Claude: answered via web-session',
    });
    await press((message!.actions as NtfyHttpAction[])[0]!);
    await vi.waitFor(() => expect(warnings.join()).toContain('unknown-or-used'));
    expect(broker.get(request.id)?.answer?.value).toMatchObject({ decision: 'deny' });
  });

  it('reconnects after the stream drops and resumes with since: a tap made meanwhile still lands', async () => {
    const { ntfy, broker, push } = await setUp(300);
    const earlier = approval(broker, 'earlier');
    const [earlierMessage] = await published(ntfy, push);
    await press((earlierMessage!.actions as NtfyHttpAction[])[0]!);
    await broker.waitForResolution(earlier.id);
    const request = approval(broker, 'later');
    const later = (await published(ntfy, push)).filter((m) => m.actions).pop()!;
    expect(later.message).toBe('Bash: npm publish');
    ntfy.dropStreams();
    expect(ntfy.subscribers()).toBe(0);
    await press((later.actions as NtfyHttpAction[])[1]!);
    expect((await broker.waitForResolution(request.id)).answer?.value).toMatchObject({
      decision: 'deny',
    });
    expect(ntfy.refused).toEqual([]);
    // The first stream started at the broker's start time; the second resumed after the last tap seen.
    expect(ntfy.sinces[0]).toMatch(/^\d+$/);
    expect(ntfy.sinces[1]).toBe(ntfy.on('hitl-x7Kq9-reply')[0]!.id);
  });

  it('a stream gone silent (no keepalive) is reopened, and the tap sent into it still lands', async () => {
    const { ntfy, broker, push, warnings } = await setUp(20, 300);
    const request = approval(broker);
    const [message] = await published(ntfy, push);
    ntfy.freeze();
    await press((message!.actions as NtfyHttpAction[])[0]!);
    expect((await broker.waitForResolution(request.id)).answer?.value).toMatchObject({
      decision: 'allow',
    });
    expect(warnings.join()).toContain('silent for 300 ms');
  });

  it('a publish that fails with 500 is retried, and an answer given meanwhile is published after it', async () => {
    const { ntfy, broker, push, warnings } = await setUp(100);
    ntfy.failPublishes(1);
    const request = approval(broker);
    broker.cancel(request.id, { reason: 'agent gave up' });
    const [first, update] = await published(ntfy, push);
    expect(first!.actions).toHaveLength(2);
    expect(update).toMatchObject({ sequence_id: first!.sequence_id, title: 'Claude: cancelled' });
    expect(warnings).toEqual([]);
  });
});
