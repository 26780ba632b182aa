import type { HitlRequest } from '@contract/request';

/** The body `POST /api/tool/execute` answers with (docs/protocols.md#tool-server-lite-hil). */
export interface ExecuteResponse {
  success: boolean;
  data: { status: 'success' | 'error'; output: string; error: string };
  message?: string;
}

/** Output prefixes; documented in docs/protocols.md#tool-server-lite-hil. */
export const COMPLETED_PREFIX = '人类任务已完成: ';
export const CANCELLED_PREFIX = '⏭️ 用户已取消: ';
export const NO_REASON = '未提供原因';

/**
 * The held execute call's answer once its task is resolved:
 * - completed → success, output `人类任务已完成: {result}`
 * - cancelled → success (the spec: the call "立即返回成功"), output `⏭️ 用户已取消: {reason}`
 * - timeout   → not a success, `error` says how long it waited and to ask again.
 */
export function executeResponseFor(
  request: HitlRequest,
  timeoutSeconds?: number | null,
): ExecuteResponse {
  switch (request.status) {
    case 'answered':
      return ok(`${COMPLETED_PREFIX}${request.answer?.text ?? ''}`);
    case 'cancelled':
      return ok(`${CANCELLED_PREFIX}${request.cancelReason?.trim() || NO_REASON}`);
    case 'expired':
    case 'pending': {
      const waited = timeoutSeconds ? `${timeoutSeconds} 秒内` : '';
      return failure(
        `⏰ 人类任务超时: HIL task ${request.key} ${waited}未完成 (timed out); call human_in_loop again to ask again`,
      );
    }
  }
}

/** A failed execute call (bad input, duplicate hil_id, unsupported tool) in the spec's shape. */
export function failure(message: string): ExecuteResponse {
  return { success: false, data: { status: 'error', output: '', error: message }, message };
}

function ok(output: string): ExecuteResponse {
  return { success: true, data: { status: 'success', output, error: '' } };
}
