import type { HitlRequest } from './request';

/** Default and largest page of a history search. */
export const HISTORY_DEFAULT_LIMIT = 500;
export const HISTORY_MAX_LIMIT = 10_000;
/** Longest search text. */
export const HISTORY_QUERY_MAX = 1000;

/** The fields a history search looks in (cancel reason included) (the one definition the broker and the renderer's fakes use). */
export function historySearchFields(request: HitlRequest): (string | undefined)[] {
  return [
    request.key,
    request.prompt,
    request.title,
    request.answer?.text,
    request.agent?.id,
    request.agent?.name,
    request.cancelReason,
  ];
}

/**
 * Resolved requests newest first (`all` is oldest first), at most `limit`, filtered by a
 * case-insensitive search of {@link historySearchFields}.
 */
export function searchHistory(
  all: readonly HitlRequest[],
  q: string | undefined,
  limit: number,
): HitlRequest[] {
  const needle = q?.trim().toLowerCase();
  const out: HitlRequest[] = [];
  for (let i = all.length - 1; i >= 0 && out.length < limit; i -= 1) {
    const item = all[i]!;
    if (!needle || historySearchFields(item).some((f) => f?.toLowerCase().includes(needle)))
      out.push(item);
  }
  return out;
}
