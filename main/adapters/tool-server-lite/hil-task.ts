import type { Broker } from '../../broker/broker';
import type { HitlRequest } from '@contract/request';

export const TOOL_SERVER_SOURCE = 'tool-server-lite' as const;

/** Spec status values: waiting | completed | cancelled | timeout. */
export type HilStatus = 'waiting' | 'completed' | 'cancelled' | 'timeout';

/** One HIL task as the spec's `GET /api/hil/...` routes show it. `result` is added once completed. */
export interface HilTaskView {
  hil_id: string;
  status: HilStatus;
  instruction: string;
  task_id: string | null;
  result?: string;
}

const STATUS: Record<HitlRequest['status'], HilStatus> = {
  pending: 'waiting',
  answered: 'completed',
  cancelled: 'cancelled',
  expired: 'timeout',
};

/** The spec status of a request. */
export function hilStatus(request: HitlRequest): HilStatus {
  return STATUS[request.status];
}

/** The HIL task view of a Tool Server Lite request. */
export function toHilTask(request: HitlRequest): HilTaskView {
  const meta = request.meta ?? {};
  const view: HilTaskView = {
    hil_id: request.key,
    status: hilStatus(request),
    instruction: typeof meta.instruction === 'string' ? meta.instruction : request.prompt,
    task_id: typeof meta.taskId === 'string' ? meta.taskId : null,
  };
  if (request.status === 'answered' && request.answer) view.result = request.answer.text;
  return view;
}

/** The newest task with this hil_id (the pending one first), if the broker still knows it. */
export function findHilTask(broker: Broker, hilId: string): HitlRequest | undefined {
  return (
    broker.findPending(TOOL_SERVER_SOURCE, hilId) ?? broker.findByKey(hilId, [TOOL_SERVER_SOURCE])
  );
}

/** Every known task, one per hil_id (the newest), oldest first. */
export function listHilTasks(broker: Broker): HilTaskView[] {
  const byKey = new Map<string, HitlRequest>();
  for (const r of broker.resolved()) if (r.source === TOOL_SERVER_SOURCE) byKey.set(r.key, r);
  for (const r of broker.pending()) if (r.source === TOOL_SERVER_SOURCE) byKey.set(r.key, r);
  return [...byKey.values()].sort((a, b) => a.createdAt - b.createdAt).map(toHilTask);
}

/** The oldest waiting task whose `task_id` is this workspace (InfiAgent's `/api/hil/workspace/…`). */
export function findWaitingInWorkspace(broker: Broker, taskId: string): HitlRequest | undefined {
  return broker
    .pending()
    .filter((r) => r.source === TOOL_SERVER_SOURCE && r.meta?.taskId === taskId)
    .sort((a, b) => a.createdAt - b.createdAt)[0];
}
