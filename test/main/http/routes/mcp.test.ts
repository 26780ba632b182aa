import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mcpRoutes } from '../../../../main/http/routes/mcp';
import {
  getJson,
  postJson,
  startProtocolApp,
  until,
  type ProtocolTestApp,
} from '../../adapters/protocol-test-app';

let t: ProtocolTestApp;
beforeEach(async () => {
  t = await startProtocolApp([mcpRoutes]);
});
afterEach(async () => {
  await t.close();
});

describe('MCP resumable waits on the broker (/api/mcp/ask?wait=, /api/mcp/asks/:handle)', () => {
  it('hands back a pending handle after ?wait, keeps the question, and answers a later wait', async () => {
    const started = Date.now();
    const first = await postJson(`${t.url}/api/mcp/ask?wait=0.3`, {
      question: 'Later?',
      handle: 'mcp-chosen-1',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(first).toEqual({ status: 200, body: { status: 'pending', handle: 'mcp-chosen-1' } });
    const request = t.broker.findPending('mcp', 'mcp-chosen-1')!;
    expect(request.status).toBe('pending');

    expect((await getJson(`${t.url}/api/mcp/asks/mcp-chosen-1`)).body).toEqual({
      status: 'pending',
      handle: 'mcp-chosen-1',
    });
    const waits = vi.spyOn(t.broker, 'waitForResolution');
    const waiting = getJson(`${t.url}/api/mcp/asks/mcp-chosen-1?wait=30`);
    // Answered while the wait is held (not before it arrived).
    await until(() => waits.mock.calls.some(([id]) => id === request.id), 'the held wait');
    t.broker.answer(request.id, { text: 'now' });
    expect((await waiting).body).toEqual({
      status: 'answered',
      text: 'now',
      handle: 'mcp-chosen-1',
    });
    // Fetching it again gives the same answer.
    expect((await getJson(`${t.url}/api/mcp/asks/mcp-chosen-1`)).body.text).toBe('now');
  });

  it('hanging up a wait leaves the question open; the cancel route withdraws it', async () => {
    await postJson(`${t.url}/api/mcp/ask?wait=0.05`, { question: 'q', handle: 'mcp-h2' });
    const request = t.broker.findPending('mcp', 'mcp-h2')!;
    const waits = vi.spyOn(t.broker, 'waitForResolution');
    const abort = new AbortController();
    const hung = fetch(`${t.url}/api/mcp/asks/mcp-h2?wait=30`, { signal: abort.signal }).catch(
      () => 'aborted',
    );
    await until(() => waits.mock.results[0], 'the held wait');
    abort.abort();
    expect(await hung).toBe('aborted');
    // The route saw the hang-up (its wait stopped without a resolution), then a later request
    // still finds the question open.
    const held = waits.mock.results[0]!.value as Promise<unknown>;
    expect(
      await held.then(
        () => 'resolved',
        () => 'stopped',
      ),
    ).toBe('stopped');
    expect((await getJson(`${t.url}/api/mcp/asks/mcp-h2`)).body.status).toBe('pending');
    expect(t.broker.get(request.id)?.status).toBe('pending');

    const cancelled = await postJson(`${t.url}/api/mcp/asks/mcp-h2/cancel`, {});
    expect(cancelled.body).toEqual({ status: 'cancelled', handle: 'mcp-h2' });
    expect(t.broker.get(request.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'the agent stopped waiting',
    });
    expect((await getJson(`${t.url}/api/mcp/asks/mcp-h2`)).body).toMatchObject({
      status: 'cancelled',
    });
  });

  it('hanging up the ask itself before its wait ends still withdraws the question', async () => {
    const abort = new AbortController();
    const call = fetch(`${t.url}/api/mcp/ask?wait=30`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Gone?', handle: 'mcp-h3' }),
      signal: abort.signal,
    }).catch(() => 'aborted');
    const request = await until(() => t.broker.findPending('mcp', 'mcp-h3'), 'request');
    abort.abort();
    expect(await call).toBe('aborted');
    await until(() => t.broker.get(request.id)?.status === 'cancelled', 'cancelled');
  });

  it('names bad input: an unknown handle is 404, a bad handle or wait is 400', async () => {
    expect((await getJson(`${t.url}/api/mcp/asks/mcp-none`)).status).toBe(404);
    const badHandle = await postJson(`${t.url}/api/mcp/ask`, { question: 'q', handle: 'x y' });
    expect(badHandle.status).toBe(400);
    expect(badHandle.body.message).toContain('handle');
    const badWait = await postJson(`${t.url}/api/mcp/ask?wait=-1`, { question: 'q' });
    expect(badWait.status).toBe(400);
    expect(badWait.body.message).toContain('wait');
    expect(t.broker.pending()).toEqual([]);
  });
});
