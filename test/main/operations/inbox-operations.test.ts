import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../main/broker/broker';
import { AgentIdSchema } from '@contract/agent-id';
import { createInboxOperations, FILES_LIST_MAX } from '../../../main/operations/inbox-operations';
import { IPC_PAYLOAD_SCHEMAS } from '../../../main/desktop/ipc/ipc-schemas';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hitl-ops-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function setup() {
  const broker = new Broker();
  const ops = createInboxOperations({
    broker,
    history: () => broker.resolved(),
    agentMessages: () => [],
  });
  return { broker, ops };
}

describe('inbox operations (shared by HTTP and IPC)', () => {
  it(`lists at most ${FILES_LIST_MAX} files and says when there were more`, async () => {
    const { broker, ops } = setup();
    const n = FILES_LIST_MAX + 3;
    await Promise.all(Array.from({ length: n }, (_, i) => writeFile(join(dir, `f${i}.txt`), 'x')));
    const r = broker.add({
      source: 'clarity-http',
      key: 'pick',
      prompt: 'pick one',
      input: { kind: 'file', root: dir, pattern: '*.txt' },
    });
    const listing = await ops.listFiles(r.id);
    expect(listing.files).toHaveLength(FILES_LIST_MAX);
    expect(listing.truncated).toBe(true);
  });

  it('history searches key, prompt, answer and agent, newest first', async () => {
    const { broker, ops } = setup();
    const a = broker.add({ source: 'clarity-http', key: 'alpha', prompt: 'deploy to prod?' });
    const b = broker.add({
      source: 'clarity-http',
      key: 'beta',
      prompt: 'which colour?',
      agent: { id: 'painter' },
    });
    await ops.answer(a.id, { text: 'yes ship it' }, { via: 'web-session' });
    await ops.cancel(b.id, 'not needed', { via: 'web-session' });
    expect(ops.history().requests.map((r) => r.key)).toEqual(['beta', 'alpha']);
    expect(ops.history('SHIP').requests.map((r) => r.key)).toEqual(['alpha']);
    expect(ops.history('painter').requests.map((r) => r.key)).toEqual(['beta']);
    expect(ops.history(undefined, 1).requests).toHaveLength(1);
  });

  it('answer and cancel of an unknown id say not_found', async () => {
    const { ops } = setup();
    const who = { via: 'desktop' } as const;
    await expect(ops.answer('nope', { text: 'x' }, who)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(ops.cancel('nope', undefined, who)).rejects.toMatchObject({ code: 'not_found' });
  });

  it("answers as the operator, so a coding agent's request too, recording the surface and who", async () => {
    const { broker, ops } = setup();
    const r = broker.add({ source: 'claude-code', key: 'q', prompt: 'Which branch?' });
    expect(() => broker.answer(r.id, { text: 'main' }, 'ui')).toThrow(/only the operator/);
    const { request: answered } = await ops.answer(r.id, { text: 'main' }, { via: 'desktop' });
    expect(answered).toMatchObject({ status: 'answered', resolvedBy: 'ui', via: 'desktop' });
    const c = broker.add({ source: 'clarity-http', key: 'c', prompt: 'q' });
    const { request: cancelled } = await ops.cancel(c.id, 'later', {
      via: 'cli',
      operator: 'alice',
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      resolvedBy: 'cli',
      via: 'cli',
      operator: 'alice',
    });
  });

  it('an agent id follows the same rule over IPC as over HTTP (200 characters)', () => {
    const schema = IPC_PAYLOAD_SCHEMAS['inbox:agent-messages'];
    expect(AgentIdSchema.safeParse('a'.repeat(200)).success).toBe(true);
    expect(AgentIdSchema.safeParse('a'.repeat(201)).success).toBe(false);
    expect(schema.safeParse({ agentId: 'a'.repeat(200) }).success).toBe(true);
    expect(schema.safeParse({ agentId: 'a'.repeat(201) }).success).toBe(false);
    expect(schema.safeParse({ agentId: 'has space' }).success).toBe(false);
  });

  it('gives each list one shape: requests, runs, rules, messages and the unreadable list', async () => {
    const broker = new Broker();
    const ops = createInboxOperations({
      broker,
      history: () => broker.resolved(),
      agentMessages: (agentId, limit) =>
        [1, 2, 3].map((at) => ({ role: 'agent' as const, content: [], at })).slice(-(limit ?? 3)),
    });
    const r = broker.add({ source: 'clarity-http', key: 'k', prompt: 'p?' });
    broker.unreadable.report({ id: 'u', source: 'mcp', origin: 'POST /x', reason: 'bad' });
    expect(ops.listPending()).toMatchObject({ requests: [{ id: r.id }], total: 1 });
    expect(ops.get(r.id)).toMatchObject({ request: { id: r.id } });
    expect(ops.listRuns()).toEqual({ runs: [] });
    expect(ops.listRules()).toEqual({ rules: [] });
    expect(ops.agentMessages('a', 2).messages.map((m) => m.at)).toEqual([2, 3]);
    const list = ops.listUnreadable();
    expect(list).toMatchObject({ items: [{ id: 'u' }], epoch: expect.any(String) });
    const left = ops.dismissUnreadable('u');
    expect(left.items).toEqual([]);
    expect(left.revision).toBeGreaterThan(list.revision!);
    expect(() => ops.dismissUnreadable('u')).toThrow(/could not read/);
    await ops.answer(r.id, { text: 'yes' }, { via: 'desktop' });
    expect(ops.history()).toMatchObject({ requests: [{ id: r.id, status: 'answered' }] });
    expect(ops.listUndelivered()).toEqual({ requests: [] });
  });
});
