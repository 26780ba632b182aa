import { escapeControls } from '@contract/printable';
import { compareInOrder, type SortOrder } from '@contract/request-order';
import { promptPreview } from '../format/prompt-preview';

/** At most this many rows: a screenful; the app's virtualised list replaces them. */
const MAX_ROWS = 30;

interface EarlyRequest {
  id?: unknown;
  title?: unknown;
  key?: unknown;
  prompt?: unknown;
  createdAt?: unknown;
  expiresAt?: unknown;
}

/** The fields the default order reads, coerced: the snapshot is not checked yet. */
function orderable(r: EarlyRequest) {
  return {
    id: String(r.id),
    createdAt: Number(r.createdAt) || 0,
    ...(typeof r.expiresAt === 'number' ? { expiresAt: r.expiresAt } : {}),
  };
}

/**
 * Paints the first pending requests of the first `/events` snapshot as a plain, read-only list
 * while React and the app code are still loading and compiling (a few hundred ms on a cold load),
 * so the operator sees the questions at once, in the list's `order` (the operator's, remembered;
 * by default soonest deadline, then oldest) so no row moves when the app takes over. DOM only,
 * text only (`textContent`, control characters escaped as the app shows them), no React. The list sits before `root` and is removed
 * as soon as the app has rendered anything into `root`. Anything unexpected in the snapshot paints
 * nothing: the app checks the snapshot itself and shows what is wrong.
 */
export function paintEarly(
  snapshot: unknown,
  root: HTMLElement,
  order: SortOrder = 'urgent',
): void {
  if (root.childElementCount > 0 || !root.parentNode) return;
  const pending = (snapshot as { pending?: unknown } | undefined)?.pending;
  if (!Array.isArray(pending) || pending.length === 0) return;
  const rows = (pending as EarlyRequest[])
    .filter((r) => r && typeof r === 'object' && typeof (r.title ?? r.key) === 'string')
    .sort((a, b) => compareInOrder(orderable(a), orderable(b), order))
    .slice(0, MAX_ROWS);
  if (rows.length === 0) return;
  const list = document.createElement('div');
  list.className = 'early-paint';
  list.setAttribute('aria-busy', 'true');
  for (const request of rows) {
    const row = list.appendChild(document.createElement('div'));
    row.className = 'early-row';
    const title = row.appendChild(document.createElement('div'));
    title.className = 'early-title';
    title.textContent = escapeControls(String(request.title ?? request.key));
    if (typeof request.prompt === 'string') {
      const prompt = row.appendChild(document.createElement('div'));
      prompt.className = 'early-prompt';
      prompt.textContent = promptPreview(request.prompt);
    }
  }
  root.parentNode.insertBefore(list, root);
  const observer = new MutationObserver(() => {
    if (root.childElementCount === 0) return;
    observer.disconnect();
    list.remove();
  });
  observer.observe(root, { childList: true });
}
