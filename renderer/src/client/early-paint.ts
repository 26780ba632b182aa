import { earlyRows } from '@contract/early-list';
import type { SortOrder } from '@contract/request-order';

/** The early list's class: the broker's served page may already hold one (served-list). */
const EARLY_LIST_CLASS = 'early-paint';

/**
 * Paints the first pending requests of the first `/events` snapshot as a plain, read-only list
 * while React and the app code are still loading and compiling (a few hundred ms on a cold load),
 * so the operator sees the questions at once, in the list's `order` (the operator's, remembered;
 * by default soonest deadline, then oldest) so no row moves when the app takes over. DOM only,
 * text only (`textContent`), no React. It replaces the list the broker painted into the page, if
 * any (the snapshot is newer). The list sits before `root` and is removed as soon as the app has
 * rendered anything into `root`. Anything unexpected in the snapshot paints nothing: the app
 * checks the snapshot itself and shows what is wrong.
 */
export function paintEarly(
  snapshot: unknown,
  root: HTMLElement,
  order: SortOrder = 'urgent',
): void {
  if (root.childElementCount > 0 || !root.parentNode) return;
  const pending = (snapshot as { pending?: unknown } | undefined)?.pending;
  if (!Array.isArray(pending)) return;
  const rows = earlyRows(pending, order);
  const served = servedEarlyList(root);
  if (rows.length === 0) {
    // Nothing pending any more: a list the broker painted a moment ago would be stale.
    served?.remove();
    return;
  }
  const list = document.createElement('div');
  list.className = EARLY_LIST_CLASS;
  list.setAttribute('aria-busy', 'true');
  for (const request of rows) {
    const row = list.appendChild(document.createElement('div'));
    row.className = 'early-row';
    const title = row.appendChild(document.createElement('div'));
    title.className = 'early-title';
    title.textContent = request.title;
    if (request.prompt !== undefined) {
      const prompt = row.appendChild(document.createElement('div'));
      prompt.className = 'early-prompt';
      prompt.textContent = request.prompt;
    }
  }
  if (served) served.replaceWith(list);
  else root.parentNode.insertBefore(list, root);
  removeWhenAppRenders(list, root);
}

/** The early list the broker painted into the served page, right before `root`, if any. */
export function servedEarlyList(root: HTMLElement): Element | undefined {
  const before = root.previousElementSibling;
  return before?.classList.contains(EARLY_LIST_CLASS) ? before : undefined;
}

/** Removes `list` as soon as the app has rendered anything into `root`. */
export function removeWhenAppRenders(list: Element, root: HTMLElement): void {
  if (root.childElementCount > 0) {
    list.remove();
    return;
  }
  const observer = new MutationObserver(() => {
    if (root.childElementCount === 0) return;
    observer.disconnect();
    list.remove();
  });
  observer.observe(root, { childList: true });
}
