/**
 * Control characters (C0, DEL, C1) and the invisible Unicode format characters that reorder or
 * hide text (bidi overrides and isolates such as U+202E, zero-width characters, BOM).
 */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A key (or any one-line identifier an agent chose) as the terminal should show it: every
 * control or invisible format character written as a visible `\u{…}` escape, so a
 * right-to-left override cannot make `exe.txt` read as `txt.exe`, and an escape sequence cannot
 * move the cursor, retitle the terminal or hide text. Everything else prints as is.
 */
export function terminalKey(key: string): string {
  return key.replace(HIDDEN, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
}
