import type { Command } from 'commander';
import type { AskReply } from '../../adapters/mcp/tool-results';
import { callBroker } from '../broker-client/broker-http';
import { readConfig } from '../../config/config-schema';
import { BROKER_HELP, locateBroker } from '../broker-client/locate-broker';
import { version } from '../../version';

/** `clarity-hitl mcp`: a stdio MCP server whose `ask_human` tool asks the running broker. */
export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('run a stdio MCP server with an ask_human tool that asks the running broker')
    .option('--broker <url>', BROKER_HELP)
    .action(async (opts: { broker?: string }) => {
      // A call still unanswered after $CLARITY_HITL_MCP_HANDOFF_SECONDS (default 50, 0 = never)
      // returns a handle for wait_for_answer, before the client's own request timeout.
      // Loaded here, not at the top: the MCP SDK costs ~150 ms of start-up every other command (serve) does not need.
      const [{ StdioServerTransport }, { createAskHumanServer }] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/stdio.js'),
        import('../../adapters/mcp/mcp-server'),
      ]);
      const { mcpProgressMs: progress = 0, mcpHandoffSeconds: handoff } = readConfig(process.env, [
        'mcpProgressMs',
        'mcpHandoffSeconds',
      ]);
      const broker = () => locateBroker(opts.broker);
      const waitQuery = (waitMs: number | undefined) =>
        waitMs === undefined ? '' : `?wait=${waitMs / 1000}`;
      const server = createAskHumanServer({
        version,
        ...(progress > 0 ? { progressIntervalMs: progress } : {}),
        ...(handoff !== undefined ? { handoffMs: handoff * 1000 } : {}),
        // Located per call, so a broker started after the MCP client is still found.
        broker: {
          ask: (body, waitMs, signal) =>
            callBroker<AskReply>(broker(), `/api/mcp/ask${waitQuery(waitMs)}`, body, { signal }),
          wait: (handle, waitMs, signal) =>
            callBroker<AskReply>(
              broker(),
              `/api/mcp/asks/${encodeURIComponent(handle)}${waitQuery(waitMs)}`,
              undefined,
              { signal },
            ),
          cancel: (handle) =>
            callBroker(broker(), `/api/mcp/asks/${encodeURIComponent(handle)}/cancel`, {}),
        },
      });
      await server.connect(new StdioServerTransport());
      // stdout belongs to the protocol; diagnostics go to stderr.
      process.stderr.write(`clarity-hitl mcp: ready (broker ${locateBroker(opts.broker).url})\n`);
    });
}
