import type { HitlRequest } from '@contract/request';

/**
 * The body `POST /api/tool/execute` answers with (docs/protocols.md#tool-server-lite-hil).
 * InfiAgent's client reads the top-level `error` of a failure and shows `data` of a success.
 */
export interface ExecuteResponse {
  success: boolean;
  data: { status: 'success' | 'error'; output: string; error: string };
  /** A failure's reason, as InfiAgent's own tool server sends it. */
  error?: string;
  /** The same reason (this broker's earlier replies carried it here). */
  message?: string;
}

/** Output prefixes; documented in docs/protocols.md#tool-server-lite-hil. */
export const COMPLETED_PREFIX = '人类任务已完成: ';
/** InfiAgent's tool server's cancel text (its own test checks for it), not the seed's `⏭️ 用户已取消: `. */
export const CANCELLED_PREFIX = '用户取消操作: ';
/** InfiAgent's default cancel reason. */
export const NO_REASON = '用户取消';

/**
 * The held execute call's answer once its task is resolved:
 * - completed → success, output `人类任务已完成: {result}`
 * - cancelled → success (the spec: the call "立即返回成功"), output `用户取消操作: {reason}`
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
      const waited = timeoutSeconds ? ` (${timeoutSeconds}s)` : '';
      return failure(
        `⏰ 人类任务超时 Human task timeout${waited}: HIL task ${request.key} 未完成; call human_in_loop again to ask again`,
      );
    }
  }
}

/**
 * A failed execute call (bad input, duplicate hil_id, unsupported tool, timeout) in the shape
 * InfiAgent's tool server uses: `{success: false, error, data: {status: "error", output, error}}`.
 */
export function failure(message: string): ExecuteResponse {
  return {
    success: false,
    error: message,
    data: { status: 'error', output: '', error: message },
    message,
  };
}

function ok(output: string): ExecuteResponse {
  return { success: true, data: { status: 'success', output, error: '' } };
}
