import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBrokerService, type BrokerService } from '../../main/service/broker-service';
import { hookEvent } from '../support/hook-fixtures';
import { fetchAsOther, otherAccountSkipReason, runAsOther } from '../support/other-account';

/**
 * Issue "Approvals you can trust": another local account, and an agent holding the shared token,
 * try every way to approve a coding agent's tool call; none gets an allow. The operator still can.
 */
let skip: string | undefined;
beforeAll(() => {
  skip = otherAccountSkipReason();
  if (skip) console.log(skip);
});

let service: BrokerService | undefined;
let root: string | undefined;
afterEach(async () => {
  for (const pending of service?.broker.pending() ?? [])
    service!.broker.cancel(pending.id, { by: 'system', reason: 'test over' });
  await service?.close();
  if (root) await rm(root, { recursive: true, force: true });
  service = undefined;
});

async function start(token?: string): Promise<BrokerService> {
  root = await mkdtemp(path.join(os.tmpdir(), 'hitl-authority-'));
  const dir = path.join(root, 'handshake');
  await mkdir(dir);
  service = await startBrokerService({
    dirs: [dir],
    port: 0,
    stateDir: path.join(root, 'state'),
    token: token ?? '',
    logFile: path.join(root, 'audit.jsonl'),
  });
  return service;
}

/** A real hook call held open by the broker: `rm -rf ~` waiting for the operator. */
async function askToRun(s: BrokerService, token?: string) {
  const reply = fetch(new URL('/api/hooks/claude-code', s.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      event: hookEvent('claude-bash', {
        cwd: root,
        tool_input: { command: 'rm -rf ~', description: 'clean up' },
      }),
      timeoutSeconds: 120,
      nonce: randomBytes(32).toString('base64url'),
    }),
  }).then((r) => r.json() as Promise<{ decision: { behavior: string } | null }>);
  for (let i = 0; i < 200 && s.broker.pending().length === 0; i++)
    await new Promise((r) => setTimeout(r, 10));
  const request = s.broker.pending()[0]!;
  expect(request.source).toBe('claude-code');
  return { request, reply };
}

const always = { value: { kind: 'approval', decision: 'always' } };

describe('only the operator approves', () => {
  it('another local account cannot approve, list, read the secret or forge a login', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const s = await start();
    const { request, reply } = await askToRun(s);
    const url = (p: string) => new URL(p, s.url).toString();

    const answer = await fetchAsOther(url(`/api/requests/${request.id}/answer`), {
      method: 'POST',
      body: always,
    });
    expect(answer.status).toBe(403);
    const bySpec = await fetchAsOther(url('/answer'), {
      method: 'POST',
      body: { key: request.key, response: 'allow' },
    });
    expect(bySpec.status).toBe(403);
    expect(bySpec.body).toMatchObject({ error: 'forbidden' });
    // Nor take it away from the operator through the spec's cancel.
    const cancelBySpec = await fetchAsOther(url('/cancel'), {
      method: 'POST',
      body: { key: request.key, reason: 'gone' },
    });
    expect(cancelBySpec.status).toBe(403);
    expect(s.broker.get(request.id)?.status).toBe('pending');
    for (const [method, p] of [
      ['GET', '/api/requests'],
      ['GET', '/api/history'],
      ['GET', '/api/rules'],
      ['POST', '/api/rules/any/revoke'],
      ['POST', '/api/login-links'],
    ] as const) {
      const res = await fetchAsOther(url(p), {
        method,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(res.status, `${method} ${p}`).toBe(403);
    }
    const listed = await fetchAsOther(url('/questions'));
    expect(JSON.stringify(listed.body)).not.toContain('rm -rf');
    const byKey = await fetchAsOther(url(`/questions/${encodeURIComponent(request.key)}`));
    expect(byKey.body).toMatchObject({ status: 'missing' });
    const page = await fetchAsOther(url('/'), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(401);
    expect(String(page.body)).not.toContain('rm -rf');
    const forged = await fetchAsOther(url(`/login?code=${'A'.repeat(32)}`));
    expect(forged.status).toBe(401);
    const cookie = await fetchAsOther(url('/api/requests'), {
      headers: { cookie: `clarity_hitl_operator=${'0'.repeat(8)}.forged` },
    });
    expect(cookie.status).toBe(403);

    for (const file of ['operator-secret', 'hook-proof.key']) {
      const read = await runAsOther(
        `require('fs').readFile(${JSON.stringify(path.join(s.stateDir, file))}, (e) => console.log(e ? e.code : 'READ'))`,
      );
      expect(read.stdout.trim(), file).toBe('EACCES');
    }

    expect(s.broker.get(request.id)?.status).toBe('pending');
    expect(s.rules.list()).toEqual([]);
    // The operator (the CLI's credential) decides; the hook gets exactly that.
    const secret = (await readFile(path.join(s.stateDir, 'operator-secret'), 'utf8')).trim();
    const res = await fetch(url(`/api/requests/${request.id}/answer`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ value: { kind: 'approval', decision: 'deny', reason: 'no' } }),
    });
    expect(res.status).toBe(200);
    expect((await reply).decision).toMatchObject({ behavior: 'deny' });
    const audit = (await readFile(path.join(root!, 'audit.jsonl'), 'utf8')).trim().split('\n');
    // The answer's line names who took it (a `delivered` line may follow once the hook has it).
    const answered = audit.map((l) => JSON.parse(l)).filter((e) => e.event === 'answered');
    expect(answered.at(-1)).toMatchObject({ event: 'answered', via: 'cli' });
  });

  it('an agent holding the shared token cannot approve either', async () => {
    const token = randomBytes(16).toString('hex');
    const s = await start(token);
    const { request, reply } = await askToRun(s, token);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const ui = await fetch(new URL(`/api/requests/${request.id}/answer`, s.url), {
      method: 'POST',
      headers,
      body: JSON.stringify(always),
    });
    expect(ui.status).toBe(403);
    const spec = await fetch(new URL('/answer', s.url), {
      method: 'POST',
      headers,
      body: JSON.stringify({ key: request.key, response: 'allow' }),
    });
    expect(spec.status).toBe(403);
    const tool = await fetch(
      new URL(`/api/hil/complete/${encodeURIComponent(request.key)}`, s.url),
      {
        method: 'POST',
        headers,
        body: JSON.stringify({ result: 'allow' }),
      },
    );
    expect(tool.status).not.toBe(200);
    const cancel = await fetch(new URL('/cancel', s.url), {
      method: 'POST',
      headers,
      body: JSON.stringify({ key: request.key }),
    });
    expect(cancel.status).toBe(403);
    expect(s.broker.get(request.id)?.status).toBe('pending');
    s.broker.cancel(request.id, { by: 'system', reason: 'test over' });
    expect((await reply).decision).toBeNull();
  });

  it("the spec's SSE stream never shows a coding agent's request to an agent", async () => {
    const s = await start();
    const { request } = await askToRun(s);
    s.broker.add({ source: 'clarity-http', key: 'spec-q', prompt: 'Ship it?' });
    const controller = new AbortController();
    const res = await fetch(new URL('/events', s.url), { signal: controller.signal });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('spec-q')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text).not.toContain(request.key);
    expect(text).not.toContain('rm -rf');
    s.broker.cancel(request.id, { by: 'system' });
  });
});
