/** Whether key presses on `target` are typing: a text field, a text area, a select or editable text. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  if (el.isContentEditable || el.closest('textarea, select, [contenteditable="true"]')) return true;
  const input = el.closest('input');
  return !!input && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(input.type);
}

/** The one-letter option keys of a request (QuestFoundry's A/B/C), lower-cased. */
export function optionKeysOf(input: { kind: string; options?: { value: string }[] }): string[] {
  return input.kind === 'choice' && input.options
    ? input.options.map((o) => o.value.toLowerCase()).filter((v) => v.length === 1)
    : [];
}
