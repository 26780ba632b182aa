import type { HitlRequest } from '@contract/request';
import type { UnreadableBoard } from './unreadable-board';

/** The board item id of a request's undelivered answer. */
export function undeliveredItemId(requestId: string): string {
  return `delivery:${requestId}`;
}

/**
 * Keeps the inbox's "Answered — not yet delivered" items in step with a request's delivery: a
 * failing one (`retrying`) or one that ended undelivered is listed with its reason and answer,
 * one that is awaiting its first try or delivered is not. The items travel with the "could not
 * read" list (same SSE event, IPC channel and route), marked `kind: 'undelivered'`.
 */
export function showDelivery(board: UnreadableBoard, request: HitlRequest): void {
  const delivery = request.delivery;
  const id = undeliveredItemId(request.id);
  if (delivery?.state !== 'retrying' && delivery?.state !== 'undeliverable') {
    if (board.has(id)) board.clear(id);
    return;
  }
  const tries = delivery.failures ? ` (${delivery.failures} failed)` : '';
  const reason =
    delivery.state === 'retrying'
      ? `answered, not yet delivered: ${delivery.reason ?? 'unknown'}; retrying${tries}`
      : `answered, never delivered: ${delivery.reason ?? 'unknown'}`;
  board.report({
    id,
    source: request.source,
    origin: request.title ?? request.key,
    reason,
    kind: 'undelivered',
    requestId: request.id,
    answer: request.answer?.text ?? '',
  });
}
