import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { createHttpServer, type HttpServer } from '../../../../main/http/server';
import { until } from '../../adapters/protocol-test-app';

let broker: Broker;
let server: HttpServer;
let url: string;

beforeAll(async () => {
  broker = new Broker();
  server = await createHttpServer({ broker, port: 0, rendererDir: null });
  url = await server.listen();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await server.close();
  broker.close();
});

async function connect(brokerUrl: string, env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'main/cli/clarity-hitl.ts', 'mcp'],
    cwd: process.cwd(),
    env: {
      ...(process.env as Record<string, string>),
      CLARITY_HITL_BROKER_URL: brokerUrl,
      CLARITY_HITL_STATE_DIR: '/nonexistent',
      CLARITY_HITL_MCP_PROGRESS_MS: '100',
      ...env,
    },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'vitest-client', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const textOf = (r: CallToolResult) => (r.content[0] as { text: string }).text;

describe('clarity-hitl mcp (SDK client over stdio)', () => {
  it('lists ask_human, turns a call into a broker request, returns the answer, sends progress', async () => {
    const client = await connect(url);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['ask_human', 'wait_for_answer']);
      expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).toEqual([
        'question',
        'options',
        'multiple',
        'title',
        'timeout_seconds',
      ]);

      const progress: number[] = [];
      const call = client.callTool(
        {
          name: 'ask_human',
          arguments: { question: 'Deploy **now**?', options: ['Yes', 'No'], title: 'Deploy' },
        },
        undefined,
        { onprogress: (p) => progress.push(p.progress), timeout: 60_000 },
      );
      const request = await until(
        () => broker.pending().find((r) => r.source === 'mcp'),
        'mcp request',
        20_000,
      );
      expect(request).toMatchObject({
        prompt: 'Deploy **now**?',
        title: 'Deploy',
        agent: { id: 'mcp:vitest-client', name: 'vitest-client', runtime: 'mcp' },
        input: {
          kind: 'choice',
          multiple: false,
          options: [
            { value: 'Yes', label: 'Yes' },
            { value: 'No', label: 'No' },
          ],
        },
      });
      await until(() => progress.length >= 2, 'progress notifications');
      broker.answer(request.id, {
        value: { kind: 'choice', selected: ['No'], other: 'wait for QA' },
      });
      const result = (await call) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toBe('No\nwait for QA');
      expect(progress).toEqual([...progress].sort((a, b) => a - b));

      const cancelled = client.callTool({
        name: 'ask_human',
        arguments: { question: 'Free text?' },
      });
      const second = await until(
        () => broker.pending().find((r) => r.source === 'mcp'),
        'second request',
        20_000,
      );
      expect(second.input).toEqual({ kind: 'text' });
      broker.cancel(second.id, { reason: 'not now' });
      const cancelResult = (await cancelled) as CallToolResult;
      expect(cancelResult.isError).toBe(true);
      expect(textOf(cancelResult)).toContain('cancelled this question (not now)');

      const expired = (await client.callTool({
        name: 'ask_human',
        arguments: { question: 'Fast?', timeout_seconds: 0.3 },
      })) as CallToolResult;
      expect(expired.isError).toBe(true);
      expect(textOf(expired)).toContain('No answer within 0.3 s');
    } finally {
      await client.close();
    }
  });

  it('a call the client cancels withdraws its request from the inbox', async () => {
    const client = await connect(url);
    try {
      const abort = new AbortController();
      const call = client
        .callTool({ name: 'ask_human', arguments: { question: 'Withdrawn?' } }, undefined, {
          signal: abort.signal,
        })
        .catch((e: Error) => e);
      const request = await until(
        () => broker.pending().find((r) => r.prompt === 'Withdrawn?'),
        'request',
        20_000,
      );
      abort.abort();
      expect(await call).toBeInstanceOf(Error);
      const done = await until(
        () => (broker.get(request.id)?.status === 'cancelled' ? broker.get(request.id) : undefined),
        'cancelled',
      );
      expect(done).toMatchObject({ resolvedBy: 'agent', cancelReason: 'the agent disconnected' });
    } finally {
      await client.close();
    }
  });

  it('hands back a handle before the handoff time; wait_for_answer then returns the late answer', async () => {
    // The SDK client at its defaults (60 s request timeout); the handoff shortened to 1 s.
    const client = await connect(url, { CLARITY_HITL_MCP_HANDOFF_SECONDS: '1' });
    try {
      const started = Date.now();
      const first = (await client.callTool({
        name: 'ask_human',
        arguments: { question: 'Slow one?' },
      })) as CallToolResult;
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(first.isError).toBeFalsy();
      const { handle } = first.structuredContent as { handle: string };
      expect(handle).toMatch(/^mcp-/);
      expect(textOf(first)).toContain(`Call the wait_for_answer tool with {"handle": "${handle}"}`);
      const request = broker.pending().find((r) => r.key === handle)!;
      expect(request).toMatchObject({ prompt: 'Slow one?', status: 'pending' });

      const again = (await client.callTool({
        name: 'wait_for_answer',
        arguments: { handle },
      })) as CallToolResult;
      expect(again.structuredContent).toEqual({ status: 'pending', handle });
      expect(broker.get(request.id)?.status).toBe('pending');

      const waits = vi.spyOn(broker, 'waitForResolution');
      const waiting = client.callTool({ name: 'wait_for_answer', arguments: { handle } });
      // Answered while wait_for_answer holds its broker wait (not before it arrived).
      await until(() => waits.mock.calls.some(([id]) => id === request.id), 'the held wait');
      broker.answer(request.id, { text: 'Yes, late' });
      const answered = (await waiting) as CallToolResult;
      expect(answered.isError).toBeFalsy();
      expect(textOf(answered)).toBe('Yes, late');
      // Still there afterwards: a model that asks again gets it again.
      const fetched = (await client.callTool({
        name: 'wait_for_answer',
        arguments: { handle },
      })) as CallToolResult;
      expect(textOf(fetched)).toBe('Yes, late');
    } finally {
      await client.close();
    }
  });

  it("keeps the question when the client's own timeout fires first; wait_for_answer without a handle gets it", async () => {
    const client = await connect(url, { CLARITY_HITL_MCP_HANDOFF_SECONDS: '30' });
    const waits = vi.spyOn(broker, 'waitForResolution');
    try {
      const timedOut = await client
        .callTool({ name: 'ask_human', arguments: { question: 'Short client?' } }, undefined, {
          timeout: 800,
        })
        .catch((e: Error) => e);
      expect(String(timedOut)).toMatch(/timed out/i);
      const request = broker.pending().find((r) => r.prompt === 'Short client?')!;
      const askIndex = waits.mock.calls.findIndex(([id]) => id === request.id);
      expect(askIndex).toBeGreaterThanOrEqual(0);
      // The server has handled the client's cancel notification (stdio is in order): had it
      // withdrawn the question or hung up its held ask, that ask would not end answered below.
      await client.listTools();
      expect(broker.get(request.id)?.status).toBe('pending');
      broker.answer(request.id, { text: 'kept' });
      // The timed-out call's own broker wait ends with the answer first; it must not use it up.
      expect(await waits.mock.results[askIndex]!.value).toMatchObject({ status: 'answered' });
      await until(() => broker.get(request.id)?.delivery?.state === 'delivered', 'sent to it');
      const result = (await client.callTool({
        name: 'wait_for_answer',
        arguments: {},
      })) as CallToolResult;
      expect(textOf(result)).toBe('kept');
    } finally {
      await client.close();
    }
  });

  it('wait_for_answer with an unknown handle, or nothing asked, says so', async () => {
    const client = await connect(url);
    try {
      const none = (await client.callTool({
        name: 'wait_for_answer',
        arguments: {},
      })) as CallToolResult;
      expect(none.isError).toBe(true);
      expect(textOf(none)).toContain('ask it with ask_human first');
      const unknown = (await client.callTool({
        name: 'wait_for_answer',
        arguments: { handle: 'mcp-nope' },
      })) as CallToolResult;
      expect(unknown.isError).toBe(true);
      expect(textOf(unknown)).toContain('no MCP question mcp-nope');
    } finally {
      await client.close();
    }
  });

  it('says clearly when no broker runs', async () => {
    const client = await connect('http://127.0.0.1:9/');
    try {
      const result = (await client.callTool({
        name: 'ask_human',
        arguments: { question: 'Anyone?' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('no HITL Broker is running');
      expect(textOf(result)).toContain('clarity-hitl serve');
    } finally {
      await client.close();
    }
  });
});
