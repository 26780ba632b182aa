import type { DraftFields } from './draft-store';

/** A draft as plain text to read and copy: each field's value, form fields as "label: value". */
export function draftText(fields: DraftFields | undefined): string {
  if (!fields) return '';
  return Object.values(fields)
    .map(valueText)
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([label, v]) => [label, valueText(v)] as const)
      .filter(([, text]) => text !== '')
      .map(([label, text]) => `${label}: ${text}`)
      .join('\n');
  }
  return '';
}
