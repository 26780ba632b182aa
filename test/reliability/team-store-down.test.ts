import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HitlRequest, Source } from '@contract/request';
import { startCli } from '../support/cli';
import { postgresSkipReason, startTestPostgres, type TestPostgres } from '../support/postgres';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';
import { startHandshakeService, type HandshakeService } from './helpers/handshake-service';

const skip = postgresSkipReason();
if (skip) console.log(skip);

const OUTAGE_MS = 25_000;
const REFUSAL = 'team store unreachable, retry';

interface Reply {
  status: number;
  retryAfter: string | null;
  text: string;
}

/** One way an operator answers: the request it answers, and the call. */
interface AnswerRoute {
  name: string;
  source: Source;
  /** The request's key, when the source has several. */
  key?: string;
  answer: (request: HitlRequest, text: string) => Promise<Reply>;
}

describe.skipIf(skip !== undefined)('team mode: PostgreSQL down for 25 s', () => {
  let server: TestPostgres;
  let logs: { path: string; remove: () => Promise<void> };
  let a: HandshakeService;
  let b: HandshakeService;

  beforeAll(async () => {
    server = await startTestPostgres();
    logs = await makeTempDir('hitl-store-down-');
    const url = server.createDatabase('store_down');
    const team = (name: string) =>
      startHandshakeService({
        store: url,
        instanceName: name,
        logFile: join(logs.path, `${name}.jsonl`),
      });
    a = await team('host-a');
    b = await team('host-b');
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    server?.destroy();
    await logs?.remove();
  });

  const operator = () => ({
    authorization: `Bearer ${b.service.server.context.operatorSecret}`,
    'content-type': 'application/json',
  });
  const call = async (on: HandshakeService, route: string, body: unknown): Promise<Reply> => {
    const res = await fetch(new URL(route, on.service.url), {
      method: 'POST',
      headers: {
        ...operator(),
        authorization: `Bearer ${on.service.server.context.operatorSecret}`,
      },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      text: await res.text(),
    };
  };
  const ROUTES: AnswerRoute[] = [
    {
      name: 'spec POST /answer',
      source: 'clarity-http',
      key: 'http-spec',
      answer: (r, text) => call(b, '/answer', { key: r.key, response: text }),
    },
    {
      name: 'inbox POST /api/requests/:id/answer',
      source: 'clarity-http',
      key: 'http-inbox',
      answer: (r, text) => call(b, `/api/requests/${r.id}/answer`, { text }),
    },
    {
      name: 'Tool Server complete',
      source: 'tool-server-lite',
      key: 'deploy-1',
      answer: (r, text) => call(b, `/api/hil/complete/${r.key}`, { result: text }),
    },
    {
      name: 'Tool Server respond (InfiAgent)',
      source: 'tool-server-lite',
      key: 'deploy-2',
      answer: (r, text) => call(b, `/api/hil/respond/${r.key}`, { response: text }),
    },
    {
      name: 'cueme (HAP) cue answered in the inbox',
      source: 'cueme',
      answer: (r, text) => call(b, `/api/requests/${r.id}/answer`, { text }),
    },
    {
      name: 'clarity-hitl answer (CLI) for an MCP ask',
      source: 'mcp',
      answer: async (r, text) => {
        const empty = await makeTempDir('hitl-cli-dir-');
        const cli = startCli([
          'answer',
          r.key,
          text,
          '--dir',
          empty.path,
          '--broker',
          b.service.url,
          '--token',
          b.service.server.context.operatorSecret,
        ]);
        const code = await cli.exit;
        await empty.remove();
        return { status: code === 0 ? 200 : 503, retryAfter: null, text: cli.stderr() };
      },
    },
  ];

  it('every answer route says 503 "team store unreachable, retry"; nothing is lost; the file answer is decided when it returns', async () => {
    // Agents ask on A: two HTTP-mode questions, two held Tool Server executes, a held cue, a
    // held MCP ask, and a file question.
    await call(a, '/questions', { key: 'http-spec', question: 'Spec?' });
    await call(a, '/questions', { key: 'http-inbox', question: 'Inbox?' });
    const execute = (hilId: string) =>
      call(a, '/api/tool/execute', {
        tool_name: 'human_in_loop',
        params: { hil_id: hilId, instruction: `Deploy ${hilId}?` },
      });
    const executes = [execute('deploy-1'), execute('deploy-2')];
    const joined = JSON.parse((await call(a, '/api/cueme/join', { agent_runtime: 'codex' })).text);
    const cue = call(a, '/api/cueme/cue', { agent_id: joined.agent_id, prompt: 'Cue?' });
    const ask = call(a, '/api/mcp/ask', { question: 'MCP?' });
    await a.ask('file-q', 'file-q');
    await waitFor(() => b.service.broker.pending().length === 7, 'seven requests on B');
    const pendingOnB = b.service.broker.pending();
    const targets = ROUTES.map((route, i) => ({
      route,
      request: pendingOnB.find(
        (r) => r.source === route.source && (route.key === undefined || r.key === route.key),
      )!,
      text: `answer ${i}`,
    }));
    const fileRequest = pendingOnB.find((r) => r.source === 'clarity-file')!;

    server.stop();
    const stoppedAt = Date.now();
    const refused: Reply[] = [];
    const tryAll = async () => {
      for (const { route, request, text } of targets)
        refused.push(await route.answer(request, text));
      // On A too, where the request was asked.
      refused.push(await call(a, `/api/requests/${targets[1]!.request.id}/answer`, { text: 'x' }));
    };
    await tryAll();
    // During the outage an answer file is written on A: it waits on disk, undecided.
    await writeFile(join(a.dir, 'file-q.answer'), 'from the file');
    await new Promise((r) => setTimeout(r, OUTAGE_MS / 2 - (Date.now() - stoppedAt)));
    await tryAll();
    expect(a.service.broker.get(fileRequest.id)?.status).toBe('pending');
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt))));
    server.start();
    const outageS = ((Date.now() - stoppedAt) / 1000).toFixed(1);

    for (const reply of refused) {
      expect(reply.status).toBe(503);
      expect(reply.text).toContain(REFUSAL);
      expect(reply.text).not.toMatch(/ECONNREFUSED|connect |terminat|ENOTFOUND/i);
    }
    for (const reply of refused.filter((r) => r.retryAfter !== null))
      expect(Number(reply.retryAfter)).toBeGreaterThan(0);
    expect(refused.filter((r) => r.retryAfter === null)).toHaveLength(2); // the CLI's two runs

    // The store is back: the file answer is decided, and every route answers (retried on 503).
    await waitFor(
      () => a.service.broker.get(fileRequest.id)?.status === 'answered',
      'the file answer decided',
      40_000,
    );
    const accepted: number[] = [];
    for (const { route, request, text } of targets) {
      const reply = await waitFor(
        async () => {
          const r = await route.answer(request, text);
          return r.status === 503 ? undefined : r;
        },
        `${route.name} accepted`,
        30_000,
      );
      accepted.push(reply.status);
    }
    expect(accepted).toEqual(targets.map(() => 200));

    // Nothing lost: each held agent got its answer, both instances hold the same records.
    expect((await executes[0]!).text).toContain(targets[2]!.text);
    expect((await executes[1]!).text).toContain(targets[3]!.text);
    expect((await cue).text).toContain(targets[4]!.text);
    expect((await ask).text).toContain(targets[5]!.text);
    const all = [...targets.map((t) => ({ id: t.request.id, text: t.text }))];
    all.push({ id: fileRequest.id, text: 'from the file' });
    for (const { id, text } of all)
      for (const s of [a, b])
        await waitFor(
          () => s.service.broker.get(id)?.answer?.text === text,
          `${id} answered "${text}" on ${s.service.url}`,
        );
    expect(await readFile(join(a.dir, 'file-q.answer'), 'utf8')).toBe('from the file');
    // No driver text reached the operator's inbox items or the audit logs.
    for (const s of [a, b])
      expect(JSON.stringify(s.service.broker.unreadable.list())).not.toMatch(/ECONNREFUSED/);
    for (const name of ['host-a', 'host-b'])
      expect(await readFile(join(logs.path, `${name}.jsonl`), 'utf8')).not.toMatch(/ECONNREFUSED/);
    console.log(
      `team store down ${outageS} s: ${refused.length} answer attempts, all 503 "${REFUSAL}"; ` +
        `${all.length} requests answered after, none lost`,
    );
  }, 180_000);
});
