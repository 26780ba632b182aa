import { BrokerReplyError, BrokerUnavailableError, callBroker } from './broker-client/broker-http';
import { locateBroker } from './broker-client/locate-broker';
import { CLIENT_HEADER } from '../http/client-header';
import { CliError, ExitCode } from './options';
import { escapeControls } from '@contract/printable';

/** What the running broker said about a key the handshake directory does not hold. */
export type BrokerFallbackResult = { handled: true; url: string } | { handled: false; why: string };

/**
 * `answer` / `cancel` for a request that has no question file (HTTP-mode, cueme, Tool Server Lite,
 * QuestFoundry, MCP): asks the running broker (`--broker`, `CLARITY_HITL_BROKER_URL`, the
 * discovery file, else the default port) to resolve it by key. A 409 becomes the CLI's conflict
 * exit code; no broker or an unknown key is reported back so the caller can say "not found".
 */
export async function resolveThroughBroker(
  action: 'answer' | 'cancel',
  key: string,
  response: string | undefined,
  brokerUrl: string | undefined,
  token?: string,
): Promise<BrokerFallbackResult> {
  const broker = locateBroker(brokerUrl, process.env, token, 'operator');
  const body = action === 'answer' ? { key, response: response ?? '' } : { key };
  try {
    const reply = await callBroker<{ status?: unknown; alreadyResolved?: unknown } | undefined>(
      broker,
      `/${action}`,
      body,
      { headers: { [CLIENT_HEADER]: 'cli' } },
    );
    // POST /cancel answers 200 for a request resolved already (as the reference broker does).
    if (action === 'cancel' && reply?.alreadyResolved === true)
      throw new CliError(
        `${escapeControls(key)} is already ${String(reply.status)}; too late to cancel`,
        ExitCode.conflict,
      );
    return { handled: true, url: broker.url };
  } catch (error) {
    if (error instanceof BrokerUnavailableError)
      return { handled: false, why: `no broker is running at ${broker.url}` };
    if (error instanceof BrokerReplyError && error.status === 404)
      return {
        handled: false,
        why: `the broker at ${broker.url} has no pending request ${JSON.stringify(key)} either`,
      };
    if (error instanceof BrokerReplyError && error.status === 409)
      throw new CliError(error.message, ExitCode.conflict);
    if (error instanceof BrokerReplyError)
      throw new CliError(`the broker at ${broker.url} refused: ${error.message}`, ExitCode.failure);
    throw error;
  }
}
