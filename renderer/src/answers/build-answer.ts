import type { AnswerInput, FormField } from '@contract/request';

/** The answer for a text request; undefined when there is nothing to send (Approve sends ''). */
export function textAnswer(text: string): AnswerInput | undefined {
  return text.trim() === '' ? undefined : { text };
}

/** The one-click approval: an empty answer, as the Clarity spec's bare Enter. */
export const APPROVAL: AnswerInput = { text: '' };

/** Confirm or decline. Declining is an answer (`confirmed: false`), not a cancel of the request. */
export function confirmAnswer(confirmed: boolean, note: string): AnswerInput {
  const trimmed = note.trim();
  return { value: { kind: 'confirm', confirmed, ...(trimmed ? { note: trimmed } : {}) } };
}

/** Picked options plus the free-text "other"; undefined when neither was given. */
export function choiceAnswer(selected: readonly string[], other: string): AnswerInput | undefined {
  const trimmed = other.trim();
  if (selected.length === 0 && !trimmed) return undefined;
  return {
    value: { kind: 'choice', selected: [...selected], ...(trimmed ? { other: trimmed } : {}) },
  };
}

/** Form values keyed by field label; empty fields are left out, multi-value fields are lists. */
export function formAnswer(
  fields: readonly FormField[],
  values: Readonly<Record<string, string | string[]>>,
): AnswerInput | undefined {
  const out: Record<string, string | string[]> = {};
  for (const field of fields) {
    const v = values[field.label];
    if (v === undefined) continue;
    if (Array.isArray(v)) {
      if (v.length) out[field.label] = [...v];
    } else if (v.trim() !== '') out[field.label] = field.multiple ? [v] : v;
  }
  return Object.keys(out).length ? { value: { kind: 'form', values: out } } : undefined;
}

/** The picked file's path (relative to the request's root, as the broker listed it). */
export function fileAnswer(path: string | undefined): AnswerInput | undefined {
  return path ? { value: { kind: 'file', path } } : undefined;
}

/** Toggles `value` in a multiple-choice selection, or replaces it for a single choice. */
export function toggleSelection(
  selected: readonly string[],
  value: string,
  multiple: boolean,
): string[] {
  if (!multiple) return [value];
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
}
