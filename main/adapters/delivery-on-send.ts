import type { ServerResponse } from 'node:http';
import type { Broker } from '../broker/broker';
import type { HitlRequest, Source } from '@contract/request';
import { isUndelivered, type DeliveryOutcome } from '@contract/delivery';

/**
 * Protocols whose agent comes back for an answer it missed: Tool Server Lite re-attaches a retried
 * execute, MCP's `wait` and QuestFoundry's poll ask by id. Another agent that hangs up after the
 * answer was given never asks for it again (a hook process, a cueme `cue`): it ended undelivered.
 */
const ASKS_AGAIN: ReadonlySet<Source> = new Set(['tool-server-lite', 'mcp', 'questfoundry']);

/** What a held exchange's agent sees when it hung up just before its answer went out. */
export function hungUpOutcome(source: Source): DeliveryOutcome {
  return ASKS_AGAIN.has(source)
    ? {
        state: 'retrying',
        reason: 'the agent hung up before the answer was sent; it gets it when it asks again',
      }
    : { state: 'undeliverable', reason: 'the agent hung up before the answer was sent' };
}

/**
 * Reports the delivery of `request`'s answer on the exchange `response`: `delivered` once the
 * whole response is handed to the connection (`finish`), `hungUpOutcome` when the connection closes
 * before. Nothing when the request is not an answer whose delivery is open, or the exchange was
 * already answered otherwise (a 503 while the server stops): that response carries no answer.
 */
export function reportWhenSent(
  broker: Pick<Broker, 'deliveries'>,
  request: HitlRequest,
  response: ServerResponse,
): void {
  if (request.status !== 'answered' || !isUndelivered(request.delivery)) return;
  if (response.writableEnded) return;
  const onFinish = (): void => {
    response.off('close', onClose);
    reportQuietly(broker, request.id, { state: 'delivered' });
  };
  const onClose = (): void => {
    response.off('finish', onFinish);
    if (!response.writableFinished)
      reportQuietly(broker, request.id, hungUpOutcome(request.source));
  };
  response.once('finish', onFinish);
  response.once('close', onClose);
}

/** Reports an outcome; a request forgotten meanwhile (history pruned) has nothing left to mark. */
export function reportQuietly(
  broker: Pick<Broker, 'deliveries'>,
  id: string,
  outcome: DeliveryOutcome,
): void {
  try {
    broker.deliveries.report(id, outcome);
  } catch {
    // NotFoundError only: the outcome itself is well-formed here.
  }
}
