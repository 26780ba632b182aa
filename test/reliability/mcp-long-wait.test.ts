import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Broker } from '../../main/broker/broker';
import { createHttpServer, type HttpServer } from '../../main/http/server';

/**
 * An operator who answers after 65 s, to an agent whose MCP client is the SDK's `Client` with its
 * defaults (a 60 s request timeout, DEFAULT_REQUEST_TIMEOUT_MSEC) and `clarity-hitl mcp` with its
 * defaults (50 s handoff). Slow on purpose (~70 s), so it runs in `npm run test:reliability` only.
 */
let broker: Broker;
let server: HttpServer;
let client: Client;

beforeAll(async () => {
  broker = new Broker();
  server = await createHttpServer({ broker, port: 0, rendererDir: null });
  const url = await server.listen();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    CLARITY_HITL_BROKER_URL: url,
  };
  delete env.CLARITY_HITL_MCP_HANDOFF_SECONDS;
  client = new Client({ name: 'sdk-defaults', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'main/cli/clarity-hitl.ts', 'mcp'],
      env: { ...env, CLARITY_HITL_STATE_DIR: '/nonexistent' },
      stderr: 'pipe',
    }),
  );
});
afterAll(async () => {
  await client?.close();
  await server?.close();
  broker?.close();
});

const textOf = (r: CallToolResult) => (r.content[0] as { text: string }).text;

describe('MCP: an answer given after the client request timeout', () => {
  it('reaches the agent: ask_human hands off before 60 s, wait_for_answer returns the 65 s answer', async () => {
    const started = Date.now();
    const answerAt = started + 65_000;
    const answering = (async () => {
      while (!broker.pending().some((r) => r.source === 'mcp'))
        await new Promise((r) => setTimeout(r, 100));
      const request = broker.pending().find((r) => r.source === 'mcp')!;
      await new Promise((r) => setTimeout(r, answerAt - Date.now()));
      broker.answer(request.id, { text: 'Approved after lunch' });
    })();

    const first = (await client.callTool({
      name: 'ask_human',
      arguments: { question: 'Ship the release?' },
    })) as CallToolResult;
    const handedOffAfter = Date.now() - started;
    expect(handedOffAfter).toBeGreaterThan(45_000);
    expect(handedOffAfter).toBeLessThan(60_000);
    expect(first.isError).toBeFalsy();
    const { handle } = first.structuredContent as { handle: string };
    expect(textOf(first)).toContain('wait_for_answer');

    const second = (await client.callTool({
      name: 'wait_for_answer',
      arguments: { handle },
    })) as CallToolResult;
    await answering;
    expect(Date.now() - started).toBeGreaterThanOrEqual(65_000);
    expect(second.isError).toBeFalsy();
    expect(textOf(second)).toBe('Approved after lunch');
    console.log(
      `[mcp-long-wait] handoff after ${(handedOffAfter / 1000).toFixed(1)} s; answer at 65 s received ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s after the ask`,
    );
  });
});
