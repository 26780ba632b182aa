import type { Command } from 'commander';
import type { CueOutcome } from '../../adapters/cueme/wire';
import { callBroker } from '../broker-client/broker-http';
import { locateBroker } from '../broker-client/locate-broker';
import { version } from '../version';

/** `clarity-hitl mcp`: a stdio MCP server whose `ask_human` tool asks the running broker. */
export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('run a stdio MCP server with an ask_human tool that asks the running broker')
    .option(
      '--broker <url>',
      'broker URL (default: CLARITY_HITL_BROKER_URL, the discovery file, or http://127.0.0.1:7842)',
    )
    .action(async (opts: { broker?: string }) => {
      // Loaded here, not at the top: the MCP SDK costs ~150 ms of start-up every other command (serve) does not need.
      const [{ StdioServerTransport }, { createAskHumanServer }] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/stdio.js'),
        import('../../adapters/mcp/mcp-server'),
      ]);
      const progress = Number(process.env.CLARITY_HITL_MCP_PROGRESS_MS);
      const server = createAskHumanServer({
        version,
        ...(progress > 0 ? { progressIntervalMs: progress } : {}),
        // Located per call, so a broker started after the MCP client is still found.
        ask: (body, signal) =>
          callBroker<CueOutcome>(locateBroker(opts.broker), '/api/mcp/ask', body, { signal }),
      });
      await server.connect(new StdioServerTransport());
      // stdout belongs to the protocol; diagnostics go to stderr.
      process.stderr.write(`clarity-hitl mcp: ready (broker ${locateBroker(opts.broker).url})\n`);
    });
}
