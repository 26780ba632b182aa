/**
 * The Clarity runtime's file-name rule for a key: every character outside `[a-zA-Z0-9_-]`
 * becomes `_` (`review step/1` → `review_step_1`). Used only to name files the broker creates
 * itself (mirrors); answers always reuse the question file's own base name.
 */
export function safeKey(key: string): string {
  return key.replace(/[^a-zA-Z0-9_-]/g, '_');
}
