import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import { hookEvent } from '../../support/hook-fixtures';

let root: string;
let service: BrokerService | undefined;
afterEach(async () => {
  await service?.close();
  await rm(root, { recursive: true, force: true });
});

async function start(): Promise<BrokerService> {
  root = await mkdtemp(path.join(os.tmpdir(), 'close-held-'));
  service = await startBrokerService({
    dirs: [],
    port: 0,
    stateDir: path.join(root, 'state'),
    rendererDir: null,
    token: '',
  });
  return service;
}

function post(s: BrokerService, route: string, body: unknown) {
  return fetch(new URL(route, s.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
}

async function pending(s: BrokerService): Promise<void> {
  while (s.broker.pending().length === 0) await new Promise((r) => setTimeout(r, 10));
}

describe('stopping the broker never waits on the operator', () => {
  it('a held hook gets no decision at once (its agent asks in its terminal)', async () => {
    const s = await start();
    const reply = post(s, '/api/hooks/claude-code', {
      event: hookEvent('claude-bash', { cwd: root }),
      timeoutSeconds: 600,
      nonce: randomBytes(32).toString('base64url'),
    });
    await pending(s);
    await s.close();
    service = undefined;
    const { status, body } = await reply;
    expect(status).toBe(200);
    expect(body.decision).toBeNull();
  });

  it('a held Tool Server execute is told to call again, and its request is not cancelled', async () => {
    const s = await start();
    const reply = post(s, '/api/tool/execute', {
      tool_name: 'human_in_loop',
      params: { hil_id: 'deploy-1', instruction: 'Deploy now?' },
    });
    await pending(s);
    const id = s.broker.pending()[0]!.id;
    await s.close();
    service = undefined;
    const { status, body } = await reply;
    expect(status).toBe(503);
    expect(body).toMatchObject({ success: false });
    expect(body.message).toMatch(/stopping; call again/);
    expect(s.broker.get(id)?.status).toBe('pending');
  });
});
