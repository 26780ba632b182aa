import type { HitlRequest } from '@contract/request';

// Words that name an action that destroys or overwrites (English and Chinese), matched as words.
const DESTRUCTIVE =
  /\b(delete|deleting|remove|rm\s+-rf?|drop|destroy|wipe|erase|purge|truncate|overwrite|force[- ]push|reset\s+--hard|uninstall|revoke)\b|删除|清空|覆盖|销毁|强制推送/i;

/**
 * Whether a confirm request is dangerous: marked so by the agent (`input.danger`), or its title,
 * confirm text or confirm label names a destructive action. Such a confirm is never approved by a
 * reflex (Enter, a quick second key, an unread request).
 */
export function isDangerousConfirm(request: Pick<HitlRequest, 'title' | 'input'>): boolean {
  const input = request.input;
  if (input.kind !== 'confirm') return false;
  if (input.danger !== undefined) return input.danger;
  return [request.title, input.text, input.confirmLabel].some(
    (s) => s !== undefined && DESTRUCTIVE.test(s),
  );
}
