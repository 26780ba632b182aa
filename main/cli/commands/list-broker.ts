import * as z from 'zod';
import { BrokerUnavailableError, callBroker } from '../broker-client/broker-http';
import type { BrokerLocation } from '../broker-client/locate-broker';
import { CliError, ExitCode } from '../options';
import { renderQuestionTable } from '../terminal/question-table';
import { terminalWidth } from '../terminal/text';

const PendingReplySchema = z.object({
  requests: z.array(
    z.looseObject({
      id: z.string(),
      key: z.string(),
      source: z.string(),
      prompt: z.string(),
      createdAt: z.number(),
    }),
  ),
});

/** One pending request of a broker as `list --broker … --json` prints it. */
export interface ListedBrokerRequest {
  status: 'pending';
  id: string;
  key: string;
  source: string;
  question: string;
  createdAt: number;
  ageSeconds: number;
  /** The broker it lives on. */
  broker: string;
}

/**
 * `clarity-hitl list --broker URL`: the pending requests of a (possibly remote) broker, every
 * protocol, from `GET /api/requests`.
 */
export async function listBrokerRequests(broker: BrokerLocation, json: boolean): Promise<string> {
  let reply: unknown;
  try {
    reply = await callBroker(broker, '/api/requests');
  } catch (error) {
    if (error instanceof BrokerUnavailableError)
      throw new CliError(error.message, ExitCode.failure);
    throw new CliError(
      `the broker at ${broker.url} refused: ${error instanceof Error ? error.message : String(error)}`,
      ExitCode.failure,
    );
  }
  const parsed = PendingReplySchema.safeParse(reply);
  if (!parsed.success)
    throw new CliError(`the broker at ${broker.url} sent an unexpected reply`, ExitCode.failure);
  const now = Date.now();
  const listed: ListedBrokerRequest[] = parsed.data.requests.map((r) => ({
    status: 'pending',
    id: r.id,
    key: r.key,
    source: r.source,
    question: r.prompt,
    createdAt: r.createdAt,
    ageSeconds: Math.max(0, Math.floor((now - r.createdAt) / 1000)),
    broker: broker.url,
  }));
  if (json) return JSON.stringify(listed, null, 2) + '\n';
  if (listed.length === 0) return `No pending requests on the broker at ${broker.url}\n`;
  const rows = listed.map((r) => ({ key: r.key, ageMs: now - r.createdAt, question: r.question }));
  return `Pending on ${broker.url}:\n${renderQuestionTable(rows, terminalWidth(process.stdout))}`;
}
