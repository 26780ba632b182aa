/**
 * Control characters (C0, DEL, C1) and the invisible Unicode format characters that reorder or
 * hide text (bidi overrides and isolates such as U+202E, zero-width characters, BOM).
 */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` with every control character shown escaped (`\n`, `\t`, `\x1b`, `\u202e`), so a key is
 * displayed as it is without any character acting on the terminal or the page. Pure: shared by
 * the CLI and the renderer.
 */
export function escapeControls(text: string): string {
  return text.replace(HIDDEN, (ch) => {
    const named = NAMED[ch];
    if (named) return named;
    const code = ch.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
