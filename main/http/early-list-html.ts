import type { EarlyRow } from '@contract/early-list';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` safe as HTML text or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/**
 * The early list as HTML, the same markup the entry script paints from a snapshot
 * (renderer early-paint): the first questions show with the page itself, before any script has
 * loaded. Empty for no rows. Every text is escaped: titles and prompts come from agents.
 */
export function earlyListHtml(rows: readonly EarlyRow[]): string {
  if (rows.length === 0) return '';
  const items = rows.map(
    (row) =>
      `<div class="early-row"><div class="early-title">${escapeHtml(row.title)}</div>` +
      (row.prompt === undefined
        ? ''
        : `<div class="early-prompt">${escapeHtml(row.prompt)}</div>`) +
      '</div>',
  );
  return `<div class="early-paint" aria-busy="true">${items.join('')}</div>`;
}
